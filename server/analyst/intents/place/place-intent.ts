// "Who's number 6?": one place in a Top Players table.
import { companyDataIntent } from "../../answer/company-reply.ts";
import { placeAnswer } from "./place-answer.ts";

export const placeIntent = companyDataIntent("place", (read) => placeAnswer(read.row));

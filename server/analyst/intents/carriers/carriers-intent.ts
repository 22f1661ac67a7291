// "The biggest Anheuser-Busch wholesaler": the distributors that carry a supplier.
import { companyDataIntent } from "../../answer/company-reply.ts";
import { carriersAnswer } from "./carriers-answer.ts";

export const carriersIntent = companyDataIntent("carriers", (read) => carriersAnswer(read.supplier));

// "Who owns Blanton's?": whose a brand is, from the company data.
import { companyDataIntent } from "../../answer/company-reply.ts";
import { brandOwnerAnswer } from "./brand-owner-answer.ts";

export const brandOwnerIntent = companyDataIntent("brand-owner", (read) => brandOwnerAnswer(read.brands));

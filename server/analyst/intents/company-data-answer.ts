// The answer to a question read from the company data, whichever shape it has: for the intents
// that answer several shapes (a comparison with the hub's coverage beside it) and for the LLM
// provider, which is given the checked facts with the hub's passages.
import type { FactRead } from "../company-facts.ts";
import { brandOwnerAnswer } from "./brand-owner/brand-owner-answer.ts";
import { carriersAnswer } from "./carriers/carriers-answer.ts";
import { comparedAnswer } from "./compare/compared-answer.ts";
import { factsAnswer } from "./fact/fact-answer.ts";
import { placeAnswer } from "./place/place-answer.ts";
import { narrowedRankingAnswer, rankingAnswer } from "./ranking/ranking-answer.ts";

/** The answer to a question read from the company data, in markdown that cites each fact. */
export function companyDataAnswer(question: string, read: FactRead): string {
  switch (read.shape) {
    case "brand-owner":
      return brandOwnerAnswer(read.brands);
    case "place":
      return placeAnswer(read.row);
    case "carriers":
      return carriersAnswer(read.supplier);
    case "ranking":
      return read.narrowed
        ? narrowedRankingAnswer(question, read.type, read.companies)
        : rankingAnswer(question, read.type);
    case "compare":
      return comparedAnswer(read.companies, read.comparative);
    case "fact":
      return factsAnswer(read.companies, read.shown);
  }
}

// The facts asked of companies the question names (owner, founding, size, headquarters, brands,
// rank), answered from the typed facts alone, with no search. A question of two parts, one a fact
// the data holds and one not, also hears the profile on the other part. Several companies with no
// comparison asked ("constellation or molson coors, which one has more sales?") are set side by side (intents/compare).
import { companyDataIntent } from "../../answer/company-reply.ts";
import { comparedAnswer } from "../compare/compared-answer.ts";
import { factsAnswer } from "./fact-answer.ts";

export const factIntent = companyDataIntent("fact", (read) => factsAnswer(read.companies, read.shown));

/** Several companies' facts side by side, when no comparison is asked of them. */
export const sideBySideIntent = companyDataIntent(
  "compare",
  (read) => comparedAnswer(read.companies, read.comparative),
  "side-by-side",
);

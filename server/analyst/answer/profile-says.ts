import type { Company } from "../../content/companies.server.ts";
import { brandNamed, lookupText, nameKey, namesIn } from "../company-names.ts";
import { SENTENCE_END } from "../hub-corpus.ts";
import { termsOf, topicText, type HubIndex } from "../hub-index.ts";
import { PROFILE_WEIGHTS } from "../tuning.ts";
import { bestSentences, figureWanted, MONEY } from "./quoting.ts";

/**
 * What a company's profile says on the question: its sentences that carry the question's topic
 * words other than the company's own names ("what share of wholesaling does RNDC have" → the
 * sentence with its market share); its recent developments when none does.
 */
export function profileSays(
  index: HubIndex,
  company: Company,
  question: string,
  before = "",
  fromBefore = false,
): string {
  // A brand that alone names the company in this question only says which company ("where are White
  // Claw cans brewed?"). Beside the company's own name ("what did Heineken pay for Lagunitas?"), or
  // of a company carried from the last turn ("what did they pay for Patrón?"), it is what is asked about.
  const own = nameKey(company.name);
  const names = [...index.aliases].filter(([, ids]) => ids.includes(company.id)).map(([name]) => name);
  const isBrand = (name: string) => !own.includes(name);
  const words = lookupText(question);
  const brandsAsked = fromBefore || names.some((name) => !isBrand(name) && words.includes(` ${name} `));
  const ownNames = termsOf(names.filter((name) => !(brandsAsked && isBrand(name))).join(" "));
  const asked = index
    .topicGroups(question)
    .flat()
    .filter((t) => !ownNames.has(t));
  // Measure words count for less ("what share", "how many employees"): they choose between sentences on the topic.
  const measures = [...termsOf(topicText(question))].filter((t) => !ownNames.has(t) && !asked.includes(t));
  // So, for less still, does the topic carried from the turn before ("who owns Patrón?" → "what did
  // they pay for it?"), which must not outweigh this turn's own words ("where do they brew it?").
  const carried = [...termsOf(before)].filter((t) => !ownNames.has(t) && !asked.includes(t) && !measures.includes(t));
  const weights = new Map([
    ...asked.map((t) => [t, 1] as const),
    ...measures.map((t) => [t, PROFILE_WEIGHTS.measure] as const),
    ...carried.map((t) => [t, PROFILE_WEIGHTS.carried] as const),
  ]);
  const profile = index.passagesOf(company.id)[0];
  const fallback = company.profile?.recentDevelopments ?? company.profile?.overview ?? "";
  if (!profile || !weights.size) return fallback;
  const wants = figureWanted(question);
  const said = bestSentences(profile, weights, 2, wants);
  const answer = said !== profile.text && [...termsOf(said)].some((t) => weights.has(t)) ? said : fallback;
  // A price asked for a brand ("what did they pay for Grey Goose?") that the profile never gives beside
  // that brand is said to be missing, so another deal's price is not read as its price.
  if (wants === MONEY && brandsAsked) {
    const brandsIn = (text: string) =>
      namesIn(text, index.aliases)
        .filter((n) => n.id === company.id && isBrand(n.name))
        .map((n) => n.name);
    const brands = brandsIn(`${question} ${before}`);
    const priced = profile.text
      .split(SENTENCE_END)
      .some((s) => MONEY.test(s) && brandsIn(s).some((name) => brands.includes(name)));
    if (brands.length && !priced)
      return `The hub gives no price for ${brands.map((name) => brandNamed(company, name) ?? name).join(" or ")}. ${company.name}'s profile has: ${answer}`;
  }
  return answer;
}

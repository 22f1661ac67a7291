// "What's the #1 vodka in the U.S.?", "the top tequila brands": a ranking of a kind of drink's brands.
// The Top Players table ranks companies, not brands, so the answer is what the company profiles say
// of their brands' places in that kind, each cited to the part that says it.
import { COMPANIES } from "../../../content/companies.server.ts";
import type { AnswerIntent } from "../../answer/answer-context.ts";
import { followUpBlock, followUps } from "../../answer/follow-ups.ts";
import { rankOf } from "../../company-facts.ts";
import { citeFact, companyLink } from "../../company-links.ts";
import { profileParts, SENTENCE_END } from "../../hub-corpus.ts";
import { drinkText, drinksIn, kindWords } from "../../lexicon/drinks.ts";
import { RANKING_WORDS } from "../../lexicon/ranking-words.ts";
import { compileTemplates } from "../../lexicon/templates.ts";
import { fold } from "#common/content/fold.ts";

const RANKED = compileTemplates(RANKING_WORDS.brandRank.said);
/** The parts of a profile that place a company's brands. */
const PLACING = new Set(["Market position", "Overview", "Recent developments", "Strategy"]);
/** Claims quoted at the most. */
const CLAIMS = 6;

export const brandRankingIntent: AnswerIntent = {
  name: "brand-ranking",
  takes: ({ query }) => query.intent === "brand-ranking",
  answer({ query, about }) {
    const kinds = drinksIn(query.text);
    if (!kinds.length) return undefined;
    const kindSaid = kindWords(kinds);
    const claims = [...COMPANIES]
      .sort((a, b) => (a.type === b.type ? rankOf(a) - rankOf(b) : a.type === "manufacturer" ? -1 : 1))
      .flatMap((c) =>
        profileParts(c)
          .filter((p) => PLACING.has(p.section))
          .flatMap((p) =>
            p.text
              .split(SENTENCE_END)
              .map((s) => s.trim())
              .filter((s) => kindSaid.test(drinkText(s)) && RANKED.test(fold(s)))
              .map((sentence) => ({ c, part: p.section, sentence })),
          ),
      )
      .slice(0, CLAIMS);
    if (!claims.length) return undefined;
    const kind = kinds.map((k) => k.name).join(" and ");
    const companies = [...new Set(claims.map((claim) => claim.c))];
    return {
      markdown: [
        `## The leading ${kind} brands, as the profiles place them`,
        "",
        `The hub's Top Players table ranks companies, not brands. This is what the company profiles say of their ${kind} brands' places, each claim of its own year and source:`,
        "",
        ...claims.map(({ c, part, sentence }) => `- ${sentence}${citeFact(c, part)}`),
        "",
        "**Sources**",
        "",
        ...companies.map((c) => `- ${companyLink(c)}`),
        ...followUpBlock(followUps(companies, [], [])),
      ].join("\n"),
      about: { ...about, companies: companies.map((c) => c.id) },
    };
  },
};

// Reading a question about the Top Players that has one right answer in the company data (rank,
// size, headquarters, founding, owner, brands, comparisons, a supplier's carriers): which facts it
// asks, of which table, count and place, and the typed FactRead the intents answer from
// (intents/brand-owner, place, carriers, ranking, fact, compare), so the answer is the data's
// figure, cited, rather than whichever sentence of the corpus happens to match. Nothing here writes
// an answer.
import { COMPANIES, type Company } from "../content/companies.server.ts";
import { rankedTable, type RankedCompany } from "#common/content/company-query.ts";
import { fold } from "#common/content/fold.ts";
import { companiesNamed, companyAliases, nameKey } from "./company-names.ts";
import { SENTENCE_END } from "./hub-corpus.ts";
import type { Comparative } from "./lexicon/comparatives.ts";
import {
  asksListed,
  categoriesAsked,
  inCategories,
  isListed,
  measureAsked,
  measureOf,
  narrowsRanking,
  ranksBrands,
  stateLeadersFirst,
} from "./ranking-filters.ts";
import { stateIn } from "./us-states.ts";

import { FACT_INTENTS, intentsOf, type FactIntent } from "./lexicon/fact-intents.ts";

export { FACT_INTENTS, type FactIntent };

/** A question as the intent patterns read it: "who's", "where's", "whos" spelt out. */
const spelledOut = (question: string) =>
  fold(question)
    .replace(/[’‘]/g, "'")
    .replace(/\b(who|what|where|when|how)(?:'s|s)\b/g, "$1 is")
    // "Who actually owns", "who really makes": the adverb changes nothing asked.
    .replace(/\b(?:actually|really|exactly|even|still|ultimately|currently) /g, "");

// "Who are the big wine & spirits distributors in NY?": a question for companies by size, in the
// plural, asks for a ranking. Only a question that asks who or which: "how are the big suppliers
// handling agave" asks about a topic.
const ASKS_WHICH_BIG =
  /^(?:\W*(?:so|ok|and|quick one)\W+)?(?:who|which)\b.*\b(?:big|major|main|key|largest|biggest)(?: [\w&]+){0,3} (?:distribut|wholesal|supplier|manufactur|vendor|producer|brewer|distiller|house|player)\w*s\b/;

/** The facts a question asks for, in the order above. */
export function factIntents(question: string): FactIntent[] {
  const q = spelledOut(question);
  const intents = intentsOf(q);
  return !intents.includes("rank") && ASKS_WHICH_BIG.test(q)
    ? FACT_INTENTS.filter((i) => i === "rank" || intents.includes(i))
    : intents;
}

const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, ten: 10, twenty: 20 };

/** How many a ranking question names: "top 10", "top five", "the 3 biggest"; none when it names no count. */
export function countAsked(question: string): number | undefined {
  const q = fold(question);
  const match =
    /\b(?:top|big) (\d+|two|three|four|five|ten|twenty)\b|\b(\d+|two|three|four|five|ten|twenty) (?:biggest|largest|leading|top|main)\b/.exec(
      q,
    );
  const said = match?.[1] ?? match?.[2];
  // "Who's #1, and who comes second?" asks for the leader and those right behind it.
  if (!said) return asksRunnersUp(q) ? 3 : undefined;
  return Math.min(Math.max(NUMBER_WORDS[said] ?? Number(said), 1), 25);
}

/** Whether a question asks who follows the leader ("who's right behind it", "who comes second", "the runner-up"). */
const asksRunnersUp = (q: string) =>
  /\b(?:right |close )?behind (?:it|them|that|him|her)\b|\bwho follows\b|\bnext in line\b|\b(?:comes?|is|are|'s|s) (?:second|next|after)\b|\brunners?[- ]up\b|\bwho(?:'s| is)? (?:second|next)\b|\band (?:then )?(?:second|next)\b/.test(
    q,
  );

/** How many a ranking question wants: the count it names, otherwise five. */
export const wanted = (question: string) => countAsked(question) ?? 5;

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6 };

/** The one place in a table a question asks for: "no. 2", "number 6", "#25", "the second largest", "the last one". */
export function positionIn(question: string): number | "last" | undefined {
  const q = spelledOut(question);
  if (asksRunnersUp(fold(question))) return undefined;
  const n =
    /(?:\bno\. ?|\bnumber |#)(\d{1,2})\b/.exec(q)?.[1] ??
    /\b(?:is|at|in|ranked) (?:no\.? )?(\d{1,2})(?:st|nd|rd|th)\b|\b(\d{1,2})(?:st|nd|rd|th) (?:largest|biggest|place)\b/
      .exec(q)
      ?.slice(1)
      .find(Boolean);
  if (n) return Number(n);
  const ordinal = /\b(second|third|fourth|fifth|sixth)[- ](?:largest|biggest)\b/.exec(q)?.[1];
  if (ordinal) return ORDINALS[ordinal];
  return /\b(?:the )?last (?:one|place|company)\b|\bsmallest\b/.test(q) ? "last" : undefined;
}

/** Which table a question is about: distributors ("wholesalers") or manufacturers ("suppliers", "brewers", "producers"). */
export function tableAsked(question: string): Company["type"] | undefined {
  const q = fold(question);
  if (/\b(?:distribut\w*|wholesal\w*)\b/.test(q)) return "distributor";
  if (
    /\b(?:manufactur\w*|suppliers?|producers?|makers?|brewers?|distillers?|wineries|winery|brand owners?|companies|company|players?|vendors?|houses)\b/.test(
      q,
    )
  )
    return "manufacturer";
  // "Who's #1 in spirits?": a kind of drink is made by the manufacturers, when the question asks
  // who. "What's leading, NA beer or zero-proof spirits?" ranks drinks, not companies.
  // "What's the #1 vodka?" ranks brands, which the profiles' own words answer.
  return categoriesAsked(q).length && /\bwho\b/.test(q) && !ranksBrands(q) ? "manufacturer" : undefined;
}

/** A company's place in its table, from #1. */
export function rankOf(company: Company): number {
  return rankedTable(COMPANIES, company.type).find((row) => row.company.id === company.id)!.rank;
}

/** The size figure a company publishes, with its year and source; or what the hub knows instead. */
export function sizeFigure(c: Company): string {
  if (c.revenue) return `revenue ${c.revenue.replace(/^More/, "more")}`;
  if (c.sales) return c.sales;
  return "no published sales figure";
}

export interface FactQuestion {
  question: string;
  intents: FactIntent[];
  /** Companies the question names (or, in a follow-up, the ones the conversation is about). */
  companies: Company[];
  /** Brands the question names, each with the company that owns it. */
  brands: Array<{ brand: string; company: Company }>;
  /** The measure a comparison asks about ("which is older?"), when it names one. */
  comparative?: Comparative | undefined;
}

/**
 * What a question asks of the company data, read and not yet written: whose a brand is, one place
 * in a table, a supplier's carriers, a ranking, a comparison, or facts about companies.
 */
export type FactRead =
  | { shape: "brand-owner"; brands: Array<{ brand: string; company: Company }> }
  | { shape: "place"; row: RankedCompany }
  | { shape: "carriers"; supplier: Company }
  | { shape: "ranking"; type: Company["type"]; narrowed: boolean; companies: Company[] }
  | { shape: "compare"; companies: Company[]; comparative: Comparative | undefined }
  | { shape: "fact"; companies: Company[]; shown: FactIntent[] };

/** What a question asks of the company data, or undefined when it asks nothing the data answers. */
export function readFactQuestion({
  question,
  intents,
  companies,
  brands,
  comparative,
}: FactQuestion): FactRead | undefined {
  if (!intents.length) return undefined;

  // "Who's bigger, the Jack Daniel's company or the Buffalo Trace owner?" names brands for their
  // owners and asks to weigh them: the owners are compared, not merely named.
  const owners = unique(brands.map((b) => b.company));
  if (
    owners.length >= 2 &&
    !/\bwho (?:owns|makes|produces)\b/.test(spelledOut(question)) &&
    (intents.includes("compare") || intents.includes("size") || /\b(?:bigger|larger|better)\b/.test(fold(question)))
  )
    return readFactQuestion({
      question,
      intents: [...new Set<FactIntent>([...intents.filter((i) => i !== "owner"), "compare"])],
      companies: unique([...companies, ...owners]),
      brands: [],
      comparative,
    });

  // "Who owns Blanton's?" names a brand: say whose it is, and who owns that company.
  if (intents.includes("owner") && brands.length) return { shape: "brand-owner", brands };

  // "Who's number 6?": one place in the table the question names, or in the conversation's table.
  // "The 3 biggest … SGWS obviously #1, but who comes after?" asks for a list: a place named in passing is no question.
  const list = intents.includes("rank") && asksForList(question, companies);
  const place = intents.includes("rank") && !list ? placeAsked(question, companies) : undefined;
  if (place) return { shape: "place", row: place };

  // "The biggest Anheuser-Busch wholesaler": the distributors' table narrowed by a supplier they carry.
  const supplier = supplierFilter(question, intents, companies);
  if (supplier) return { shape: "carriers", supplier };

  // Ranking questions without a company, or asking for a list the companies named are in: the
  // list itself, from the table asked about, narrowed and ordered as the question asks.
  if (intents.includes("rank") && (!companies.length || list)) {
    const type = tableAsked(question) ?? companies[0]?.type;
    return type ? { shape: "ranking", type, narrowed: narrowsRanking(question), companies } : undefined;
  }

  if (!companies.length) return undefined;
  if (companies.length >= 2 && (intents.includes("compare") || intents.includes("size") || intents.includes("rank")))
    return { shape: "compare", companies, comparative };

  const shown = intents.filter((i) => i !== "compare");
  return shown.length ? { shape: "fact", companies, shown } : undefined;
}

/** The row a question about one place in a table asks for, if it asks for one. */
function placeAsked(question: string, companies: Company[]): RankedCompany | undefined {
  const position = positionIn(question);
  const type = tableAsked(question) ?? companies[0]?.type;
  if (position === undefined || !type) return undefined;
  const rows = rankedTable(COMPANIES, type);
  return position === "last" ? rows.at(-1) : rows[position - 1];
}

/**
 * The companies a ranking answer is about, for the next turn ("how many states do they cover?"):
 * the one place asked for, the leader when the question asks for "the biggest distributor", else
 * the companies listed. Empty when the answer is no ranking.
 */
export function rankingSubjects(question: string, intents: FactIntent[], companies: Company[]): Company[] {
  if (!intents.includes("rank")) return [];
  const place = placeAsked(question, companies);
  if (place) return [place.company];
  const supplier = supplierFilter(question, intents, companies);
  if (supplier)
    return carriersOf(supplier)
      .slice(0, 1)
      .map((c) => c.row.company);
  const type = tableAsked(question);
  if (companies.length || !type) return [];
  // A ranking narrowed by a category, a listing or a measure is about its own leaders, as its answer orders them.
  const rows = narrowsRanking(question) ? narrowedRows(question, type).ordered : rankedTable(COMPANIES, type);
  const state = stateIn(question);
  if (state) {
    const inState = rows.filter((r) => basedIn(r.company, state.code) || coversState(r.company, state.code));
    const top = narrowsRanking(question) ? inState[0] : stateLeadersFirst(inState, state.name)[0];
    return top ? [top.company] : [];
  }
  const plural =
    /\b(?:top \d+|top (?:three|five|ten|twenty)|distributors|wholesalers|manufacturers|suppliers|producers|makers|brewers|distillers|companies|players)\b/.test(
      fold(question),
    );
  return rows.slice(0, plural ? wanted(question) : 1).map((r) => r.company);
}

/**
 * Whether a ranking question that names companies asks for a list they are in ("the 3 biggest
 * wholesalers, SGWS obviously #1", "rank the beer suppliers: where does White Claw land?"): a
 * table in the plural, with a count or a filter, and every company named from that table.
 */
function asksForList(question: string, companies: Company[]): boolean {
  // A company's own name says nothing of the list: "Manhattan Beer Distributors" asks for no beer distributors.
  const asked = withoutNames(question, companies);
  const type = tableAsked(asked);
  if (!companies.length || !type || companies.some((c) => c.type !== type)) return false;
  const plural =
    /\b(?:distribut|wholesal|manufactur|supplier|vendor|producer|maker|brewer|distiller|compan|player|house)\w*s\b/.test(
      asked,
    );
  return plural && (countAsked(asked) !== undefined || narrowsRanking(asked));
}

/** A question without the names of the companies it names, by any of their names. */
function withoutNames(question: string, companies: Company[]): string {
  const ids = new Set(companies.map((c) => c.id));
  let text = ` ${nameKey(question.replace(/[^\p{L}\p{N}&'’‘.\s-]+/gu, " "))} `;
  for (const [alias, owners] of ALIASES)
    if (owners.some((id) => ids.has(id))) text = text.split(` ${alias} `).join(" ");
  return text;
}

/**
 * A table's rows as a question narrows and orders them: by the state, the categories and the
 * listing it asks for, largest first by the measure it names (its own figure for each company).
 */
export function narrowedRows(question: string, type: Company["type"]) {
  const state = stateIn(question);
  const categories = categoriesAsked(question);
  const measure = measureAsked(question);
  const inState = (c: Company) =>
    !state || basedIn(c, state.code) || (type === "distributor" && coversState(c, state.code));
  const rows = rankedTable(COMPANIES, type).filter(
    (r) =>
      inState(r.company) &&
      (!categories.length || inCategories(r.company, categories)) &&
      (!asksListed(question) || isListed(r.company)),
  );
  const figures = new Map(rows.map((r) => [r, measure ? measureOf(r.company, measure) : undefined]));
  const byFigure = [...rows].sort(
    (a, b) => (figures.get(b)?.value ?? -1) - (figures.get(a)?.value ?? -1) || a.rank - b.rank,
  );
  // Within a state, without a measure asked, a company's own claim to lead the state comes before national size.
  const ordered = state && !measure ? stateLeadersFirst(byFigure, state.name) : byFigure;
  return { state, categories, measure, figures, ordered };
}

/**
 * The players a research question asks about by their kind ("the big U.S. beer suppliers", "the
 * main wholesalers in Texas"): that table narrowed as the question says, largest first. None when
 * it names no kind of company, or names one without asking for its leaders.
 */
export function playersAsked(question: string): Company[] {
  const q = fold(question);
  const type = tableAsked(q);
  if (!type || !/\b(?:big|biggest|largest|main|major|key|leading|top|dominant|who matters)\b/.test(q)) return [];
  return narrowedRows(q, type)
    .ordered.slice(0, countAsked(q) ?? 5)
    .map((r) => r.company);
}

// Every name a company goes by, its brands' too ("Bud", "Modelo"), to find a supplier in a distributor's data.
const ALIASES = companyAliases(COMPANIES);

/**
 * The supplier a ranking of distributors is narrowed by: "the biggest Anheuser-Busch wholesaler",
 * "which distributor carries the most Diageo". Only when the question asks for the distributors'
 * table and names manufacturers alone; a manufacturer is never a distributor's rival in size.
 */
function supplierFilter(question: string, intents: FactIntent[], companies: Company[]): Company | undefined {
  if (!intents.includes("rank") || companies.length !== 1 || tableAsked(question) !== "distributor") return undefined;
  return companies[0]!.type === "manufacturer" ? companies[0] : undefined;
}

export const sentencesOf = (text: string) => text.split(SENTENCE_END).filter(Boolean);
// A profile sentence that places the distributor among the supplier's wholesalers ("the largest
// Anheuser-Busch house in the U.S."): what the table's order alone cannot say.
export const SUPERLATIVE = /\b(?:largest|biggest|highest[- ]volume|leading|top|no\. ?1|number one)\b/i;

/**
 * The distributors that carry a supplier, in the table's order: those that name it (or one of its
 * brands) among their principal suppliers, then those whose profile names it. With each, the
 * profile sentences that name it, a superlative first.
 */
export function carriersOf(supplier: Company): Array<{ row: RankedCompany; focus: boolean; said: string[] }> {
  const names = (text: string) => companiesNamed(text, ALIASES).includes(supplier.id);
  return rankedTable(COMPANIES, "distributor")
    .map((row) => {
      const p = row.company.profile;
      const prose = p ? [p.overview, p.marketPosition, p.strategy, p.recentDevelopments].join(" ") : "";
      const said = sentencesOf(prose)
        .filter(names)
        .sort((a, b) => Number(SUPERLATIVE.test(b)) - Number(SUPERLATIVE.test(a)));
      return { row, focus: row.company.keyBrands.some(names), said };
    })
    .filter((c) => c.focus || c.said.length)
    .sort((a, b) => Number(b.focus) - Number(a.focus) || a.row.rank - b.row.rank);
}

/** Whether a company is based in the state, by its typed headquarters. */
export const basedIn = (company: Company, code: string): boolean => company.facts?.headquarters.state === code;

/** Whether a company's coverage names the state, by its typed states ("Washington" is not "Washington, D.C."). */
export const coversState = (company: Company, code: string): boolean =>
  company.facts?.coverage?.states.some((state) => state === code) ?? false;

const unique = (companies: Company[]) => [...new Map(companies.map((c) => [c.id, c])).values()];

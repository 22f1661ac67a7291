// Questions about the Top Players that have one right answer in the company
// data (rank, size, headquarters, founding, owner, brands, comparisons) are
// answered from that data directly, with the figure, its year and a link to the
// profile, rather than from whichever sentence of the corpus happens to match.
import { COMPANIES, type Company } from "../content/companies.server.ts";
import { rankedTable, type RankedCompany } from "#common/content/company-query.ts";
import { fold } from "#common/content/fold.ts";
import { brandNamed, companiesNamed, companyAliases, nameKey } from "./company-names.ts";
import { citeFact, companyLink } from "./company-links.ts";
import { SENTENCE_END, type ProfilePart } from "./hub-corpus.ts";
import { compareVerdict } from "./intents/compare/compare-verdict.ts";
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
  stateLeadClaim,
  stateLeadersFirst,
  type Measure,
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
const wanted = (question: string) => countAsked(question) ?? 5;

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

const TABLE_NAMES = {
  manufacturer: "U.S. alcoholic beverage manufacturers",
  distributor: "U.S. alcohol distributors",
} as const;
const RANK_BASIS = {
  manufacturer: "ranked by estimated 2024 U.S. net sales of beer, wine and spirits",
  distributor: "ranked by estimated revenue, beer, wine and spirits wholesalers together",
} as const;

/** A company's place in its table, from #1. */
export function rankOf(company: Company): number {
  return rankedTable(COMPANIES, company.type).find((row) => row.company.id === company.id)!.rank;
}

const rankLine = (c: Company) =>
  `#${rankOf(c)} of the hub's top 25 ${TABLE_NAMES[c.type]} (${RANK_BASIS[c.type]}, as of the end of 2024)`;

/** The size figure a company publishes, with its year and source; or what the hub knows instead. */
export function sizeFigure(c: Company): string {
  if (c.revenue) return `revenue ${c.revenue.replace(/^More/, "more")}`;
  if (c.sales) return c.sales;
  return "no published sales figure";
}

const strip = (s: string) => s.replace(/\.$/, "");

/** The profile fact a company's size figure comes from; none when it publishes none. */
const sizeFact = (c: Company): ProfilePart | undefined => (c.revenue ? "Revenue" : c.sales ? "Sales" : undefined);

/** One fact as a line of the answer, cited to the profile fact that states it (when the profile gives it). */
const factLine = (c: Company, name: string, value: string, fact: ProfilePart | undefined) =>
  `- **${name}:** ${value}${fact ? citeFact(c, fact) : ""}.`;

function factLines(c: Company, intent: FactIntent): string[] {
  const p = c.profile;
  const size = factLine(c, "Size", sizeFigure(c), sizeFact(c));
  const rank = factLine(c, "Rank", rankLine(c), "Rank basis");
  switch (intent) {
    case "owner":
      return [factLine(c, "Owner", c.ownership, "Owner")];
    case "size":
      return [
        size,
        ...(c.coverage ? [factLine(c, "Coverage", c.coverage, "Coverage")] : []),
        ...(p ? [factLine(c, "Employees", p.employees, "Employees")] : []),
        rank,
      ];
    case "headquarters":
      return [factLine(c, "Headquarters", c.location, "Headquarters")];
    case "founded":
      return [factLine(c, "Founded", p?.founded ?? "not published", p ? "Founded" : undefined)];
    case "brands":
      return [
        factLine(
          c,
          c.type === "manufacturer" ? "Key brands" : "Focus area (principal suppliers and categories)",
          c.keyBrands.join(", "),
          c.keyBrands.length ? "Key brands" : undefined,
        ),
      ];
    case "rank":
      return [rank, size];
    case "compare":
      return [];
  }
}

/** A markdown table of companies side by side, with their numbers. */
export function comparisonTable(companies: Company[]): string {
  const row = (label: string, value: (c: Company) => string) =>
    `| ${label} | ${companies.map((c) => value(c).replace(/\|/g, "/")).join(" | ")} |`;
  return [
    // The corner cell is named: an empty table header is unlabelled for screen readers (axe: empty-table-header).
    `| Fact | ${companies.map(companyLink).join(" | ")} |`,
    `|---|${companies.map(() => "---").join("|")}|`,
    row("Type", (c) => (c.type === "manufacturer" ? "Manufacturer" : "Distributor")),
    row("Rank", (c) => `#${rankOf(c)} of 25 ${c.type}s`),
    row("Size", sizeFigure),
    row("Based in", (c) => c.location),
    row("Founded", (c) => c.profile?.founded ?? "—"),
    row("Owner", (c) => c.ownership),
    row("Coverage", (c) => c.coverage ?? "—"),
    row("Employees", (c) => c.profile?.employees ?? "—"),
    row("Key brands", (c) => c.keyBrands.slice(0, 5).join(", ")),
    row("Market position", (c) => c.profile?.marketPosition ?? "—"),
    row("Recent developments", (c) => c.profile?.recentDevelopments ?? "—"),
  ].join("\n");
}

/** How the hub's ranking places two or more companies: one above the other, or in different tables. */
export function comparisonLead(companies: Company[]): string {
  const ordered = [...companies].sort((a, b) =>
    a.type === b.type ? rankOf(a) - rankOf(b) : a.type === "manufacturer" ? -1 : 1,
  );
  const sameTable = companies.every((c) => c.type === companies[0]!.type);
  return sameTable
    ? `By the hub's ranking (${RANK_BASIS[companies[0]!.type]}), ${ordered.map((c) => `**${c.name}** (#${rankOf(c)})`).join(" ranks above ")}.`
    : `${ordered.map((c) => `**${c.name}** is a ${c.type} (#${rankOf(c)} of 25)`).join("; ")}: they sit in different tables, so their sizes are not ranked against each other.`;
}

// The publishers behind a profile's claims; the profile itself numbers each source against its claim.
const sourcesOf = (companies: Company[]) =>
  companies.map(
    (c) =>
      `- ${companyLink(c)}: ${[...new Set(c.sources.map((s) => s.publisher))].slice(0, 3).join("; ")}${c.sources.length > 3 ? `, and ${c.sources.length - 3} more sources in the profile` : ""}`,
  );

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

/** The answer from the company data, or undefined when the question is not one it can answer. */
export function factAnswer(question: FactQuestion): string | undefined {
  const read = readFactQuestion(question);
  return read && factReadAnswer(question.question, read);
}

/** The answer to a question read from the company data, in markdown that cites each fact. */
function factReadAnswer(question: string, read: FactRead): string {
  switch (read.shape) {
    case "brand-owner": {
      const { brands } = read;
      const lines = [`## Who owns ${brands.map((b) => properBrand(b)).join(" and ")}`, ""];
      for (const b of brands) {
        const c = b.company;
        lines.push(
          `**${properBrand(b)}** belongs to ${companyLink(c)}${citeFact(c, "Key brands")} (${c.location}${citeFact(c, "Headquarters")}), ${rankLine(c)}${citeFact(c, "Rank basis")}.`,
          "",
          factLine(c, `Owner of ${c.name}`, c.ownership, "Owner"),
          "",
        );
      }
      lines.push("**Sources**", "", ...sourcesOf(unique(brands.map((b) => b.company))));
      return lines.join("\n");
    }
    case "place":
      return placeAnswer(read.row);
    case "carriers":
      return carriersAnswer(read.supplier);
    case "ranking":
      return read.narrowed
        ? narrowedRankingAnswer(question, read.type, read.companies)
        : rankingAnswer(question, read.type);
    case "compare": {
      const { companies, comparative } = read;
      return [
        `## ${companies.map((c) => c.name).join(" vs. ")}`,
        "",
        // The answer to the measure asked comes first; without one, how the ranking places them.
        (comparative && compareVerdict(companies, comparative)) ?? comparisonLead(companies),
        "",
        comparisonTable(companies),
        "",
        "**Sources**",
        "",
        ...sourcesOf(companies),
      ].join("\n");
    }
    case "fact": {
      const { companies, shown } = read;
      const lines = [`## ${companies.map((c) => c.name).join(" and ")}`, ""];
      for (const c of companies) {
        if (companies.length > 1) lines.push(`**${companyLink(c)}**`, "");
        else lines.push(`${companyLink(c)} is a ${c.type} based in ${c.location}${citeFact(c, "Headquarters")}.`, "");
        lines.push(...shown.flatMap((intent) => factLines(c, intent)), "");
      }
      lines.push("**Sources**", "", ...sourcesOf(companies));
      return lines.join("\n");
    }
  }
}

/** The row a question about one place in a table asks for, if it asks for one. */
function placeAsked(question: string, companies: Company[]): RankedCompany | undefined {
  const position = positionIn(question);
  const type = tableAsked(question) ?? companies[0]?.type;
  if (position === undefined || !type) return undefined;
  const rows = rankedTable(COMPANIES, type);
  return position === "last" ? rows.at(-1) : rows[position - 1];
}

function placeAnswer(row: RankedCompany): string {
  const c = row.company;
  return [
    `## #${row.rank} of the ${TABLE_NAMES[c.type]}`,
    "",
    `**${companyLink(c)}** is #${row.rank} of the hub's top 25 ${TABLE_NAMES[c.type]} (${RANK_BASIS[c.type]}, as of the end of 2024).`,
    "",
    rankedItem(row),
    "",
    `See all 25 in [Top Players](/explorer).`,
  ].join("\n");
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
    const inState = rows.filter(
      (r) => r.company.location.endsWith(`, ${state.code}`) || coversState(r.company, state.name),
    );
    const top = narrowsRanking(question) ? inState[0] : stateLeadersFirst(inState, state.name)[0];
    return top ? [top.company] : [];
  }
  const plural =
    /\b(?:top \d+|top (?:three|five|ten|twenty)|distributors|wholesalers|manufacturers|suppliers|producers|makers|brewers|distillers|companies|players)\b/.test(
      fold(question),
    );
  return rows.slice(0, plural ? wanted(question) : 1).map((r) => r.company);
}

/** A numbered line of a ranking: rank, linked name, base, size figure and coverage. */
const rankedItem = (r: RankedCompany) =>
  `${r.rank}. **${companyLink(r.company)}**, ${r.company.location}: ${sizeFigure(r.company)}${r.company.coverage ? `; coverage: ${strip(r.company.coverage)}` : ""}.`;

const CATEGORY =
  /\b(wine|beer|spirits|tequila|vodka|whiskey|whisky|bourbon|rum|gin|cognac|scotch|seltzer|cider|rtds?|brandy|mezcal)\b/;

function rankingAnswer(question: string, type: Company["type"]): string {
  // A state narrows either table: distributors by where they are based or what they cover,
  // manufacturers by where they are based ("the highest-ranked manufacturer in Kentucky").
  const state = stateIn(question);
  const rows = rankedTable(COMPANIES, type);
  if (state && type === "manufacturer") return basedInAnswer(rows, state);
  if (state) {
    const based = rows.filter((r) => r.company.location.endsWith(`, ${state.code}`));
    const serving = rows.filter((r) => !based.includes(r) && coversState(r.company, state.name));
    const national = rows.filter(
      (r) =>
        !based.includes(r) &&
        !serving.includes(r) &&
        /\b\d+ (?:u\.s\. )?(?:states|markets)\b/i.test(r.company.coverage ?? ""),
    );
    const lines = [`## The largest distributors in ${state.name}`, ""];
    if (!based.length && !serving.length) {
      lines.push(`None of the hub's top 25 distributors is based in ${state.name} or names it in its coverage.`, "");
    } else {
      const inState = [...based, ...serving].sort((a, b) => a.rank - b.rank);
      const top = inState[0]!;
      const lead = stateLeadersFirst(inState, state.name)[0]!;
      lines.push(
        `Of the hub's top 25 U.S. distributors (${RANK_BASIS.distributor}), the highest-ranked one in ${state.name} is **${top.company.name}** (#${top.rank}).`,
        "",
      );
      if (lead !== top) lines.push(stateLeadLine(lead, state.name), "");
      if (based.length) lines.push(`**Based in ${state.name}**`, "", ...based.map(rankedItem), "");
      if (serving.length) lines.push(`**Covering ${state.name} from elsewhere**`, "", ...serving.map(rankedItem), "");
    }
    if (national.length)
      lines.push(
        `National wholesalers whose coverage is given as a count of states may also serve ${state.name}: ${national.map((r) => `${companyLink(r.company)} (#${r.rank}, ${strip(r.company.coverage!)})`).join("; ")}.`,
        "",
      );
    lines.push(
      `See the full table in [Top Players](/explorer); how each rank was estimated is explained with the data.`,
    );
    return lines.join("\n");
  }
  const n = wanted(question);
  const top = rows.slice(0, n);
  // The table ranks beer, wine and spirits together: a question about one category is told so rather than misled.
  const category = type === "manufacturer" ? CATEGORY.exec(fold(question))?.[1] : undefined;
  return [
    `## The ${n === 1 ? "largest" : `top ${n}`} ${TABLE_NAMES[type]}`,
    "",
    ...(category
      ? [
          `The hub ranks beer, wine and spirits makers in one table and has no separate ranking for ${category}; this is the whole table.`,
          "",
        ]
      : []),
    `By the hub's Top Players ranking (${RANK_BASIS[type]}, as of the end of 2024), the largest is **${top[0]!.company.name}**.`,
    "",
    ...top.map(rankedItem),
    "",
    `Below the top five the order is approximate (most of these companies are private). See all 25 in [Top Players](/explorer).`,
  ].join("\n");
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

const MEASURE_NAMES: Record<Measure, string> = {
  employees: "employees",
  states: "states covered",
  cases: "cases a year",
  share: "market share",
};

/**
 * A table's rows as a question narrows and orders them: by the state, the categories and the
 * listing it asks for, largest first by the measure it names (its own figure for each company).
 */
function narrowedRows(question: string, type: Company["type"]) {
  const state = stateIn(question);
  const categories = categoriesAsked(question);
  const measure = measureAsked(question);
  const inState = (c: Company) =>
    !state || c.location.endsWith(`, ${state.code}`) || (type === "distributor" && coversState(c, state.name));
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

/**
 * A ranking narrowed by what the question asks beyond the table: a state, a category, a listing;
 * ordered by the measure it asks for when the companies' data give it (their own figures, quoted,
 * since years and sources differ), else in the table's order. The companies the question names
 * are kept in it, and each listed company's own claim to its place follows.
 */
function narrowedRankingAnswer(question: string, type: Company["type"], named: Company[]): string {
  const { state, categories, measure, figures, ordered } = narrowedRows(question, type);
  const shown = ordered.slice(0, countAsked(question) ?? 10);
  for (const c of named) {
    const row = ordered.find((r) => r.company.id === c.id);
    if (row && !shown.includes(row)) shown.push(row);
  }
  const what = [
    asksListed(question) ? "publicly traded" : "",
    categories.join(" and "),
    TABLE_NAMES[type].replace(/^U\.S\. alcoholic beverage |^U\.S\. alcohol /, ""),
    state ? `in ${state.name}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const lines = [`## The largest ${what}${measure ? ` by ${MEASURE_NAMES[measure]}` : ""}`, ""];
  const lead = state && !measure ? shown.find((r) => stateLeadClaim(r.company, state.name)) : undefined;
  if (lead) lines.push(stateLeadLine(lead, state!.name), "");
  if (!shown.length) {
    lines.push(`None of the hub's top 25 ${TABLE_NAMES[type]} is one of the ${what}.`, "");
  } else {
    lines.push(
      measure && shown.some((r) => figures.get(r))
        ? `The hub's Top Players table ranks whole businesses (${RANK_BASIS[type]}); by ${MEASURE_NAMES[measure]}, as each company's own data gives it (years and sources differ), the order is:`
        : `Of the hub's top 25 ${TABLE_NAMES[type]} (${RANK_BASIS[type]}, as of the end of 2024), the ${what}, ${lead ? "its claimed leader first, then " : ""}largest first:`,
      "",
    );
    for (const [i, r] of shown.entries()) {
      lines.push(rankedItem(r).replace(/^\d+\./, `${i + 1}. (table #${r.rank})`));
      const figure = figures.get(r);
      if (figure)
        lines.push(
          `   - ${MEASURE_NAMES[measure!][0]!.toUpperCase()}${MEASURE_NAMES[measure!].slice(1)}: ${figure.said}`,
        );
      else if (measure) {
        // Without the figure, the profile's own claim to a place may still answer ("the largest by volume, pro forma").
        const claim = positionClaim(r.company, question);
        lines.push(`   - No ${MEASURE_NAMES[measure]} figure published${claim ? `; the profile says: ${claim}` : "."}`);
      }
    }
    lines.push("");
    const claims = shown.slice(0, 6).flatMap((r) => {
      const claim = positionClaim(r.company, question);
      return claim ? [`- ${claim} (${companyLink(r.company)})`] : [];
    });
    if (claims.length) lines.push("**What the profiles say**", "", ...claims, "");
  }
  if (state && type === "distributor") {
    const national = rankedTable(COMPANIES, type).filter(
      (r) =>
        !ordered.includes(r) &&
        (!categories.length || inCategories(r.company, categories)) &&
        /\b\d+ (?:u\.s\. )?(?:states|markets)\b/i.test(r.company.coverage ?? ""),
    );
    if (national.length)
      lines.push(
        `National wholesalers whose coverage is given as a count of states may also serve ${state.name}: ${national.map((r) => `${companyLink(r.company)} (#${r.rank}, ${sizeFigure(r.company)}; ${strip(r.company.coverage!)})`).join("; ")}.`,
        "",
      );
  }
  lines.push("See the full table in [Top Players](/explorer).");
  return lines.join("\n");
}

/** The company that claims to lead a state, with its claim: the table's national order comes after it. */
const stateLeadLine = (r: RankedCompany, stateName: string) => {
  const claim = stateLeadClaim(r.company, stateName)!.replace(/[^.!?]$/, "$&.");
  return `Within ${stateName}, the hub's data names **${companyLink(r.company)}** the largest: "${claim}" The table's ranks below are national.`;
};

/**
 * What a company's profile claims about its place in its market: its sentence with a superlative
 * that shares the most words with the question ("now that the SVEDKA deal happened" → the claim
 * that counts SVEDKA), then its market position, two sentences in all.
 */
function positionClaim(c: Company, question: string): string | undefined {
  const p = c.profile;
  if (!p) return undefined;
  const asked = new Set(
    fold(question)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 4),
  );
  const shared = (s: string) =>
    fold(s)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => asked.has(w)).length;
  const claims = sentencesOf([p.marketPosition, p.overview, p.recentDevelopments].join(" "))
    .map((s) => s.trim())
    .filter((s) => SUPERLATIVE.test(s) && shared(s) > 1)
    .sort((a, b) => shared(b) - shared(a));
  const said = [...new Set([...claims.slice(0, 1), ...sentencesOf(p.marketPosition).map((s) => s.trim())])]
    .slice(0, 2)
    .join(" ");
  return said || undefined;
}

/** The manufacturers based in a state, in rank order. */
function basedInAnswer(rows: RankedCompany[], state: { code: string; name: string }): string {
  const based = rows.filter((r) => r.company.location.endsWith(`, ${state.code}`));
  const lines = [`## The largest manufacturers based in ${state.name}`, ""];
  if (!based.length) lines.push(`None of the hub's top 25 ${TABLE_NAMES.manufacturer} is based in ${state.name}.`, "");
  else
    lines.push(
      `Of the hub's top 25 ${TABLE_NAMES.manufacturer} (${RANK_BASIS.manufacturer}), the highest-ranked one based in ${state.name} is **${based[0]!.company.name}** (#${based[0]!.rank}).`,
      "",
      ...based.map(rankedItem),
      "",
    );
  lines.push("See the full table in [Top Players](/explorer).");
  return lines.join("\n");
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

const sentencesOf = (text: string) => text.split(SENTENCE_END).filter(Boolean);
// A profile sentence that places the distributor among the supplier's wholesalers ("the largest
// Anheuser-Busch house in the U.S."): what the table's order alone cannot say.
const SUPERLATIVE = /\b(?:largest|biggest|highest[- ]volume|leading|top|no\. ?1|number one)\b/i;

/**
 * The distributors that carry a supplier, in the table's order: those that name it (or one of its
 * brands) among their principal suppliers, then those whose profile names it. With each, the
 * profile sentences that name it, a superlative first.
 */
function carriersOf(supplier: Company): Array<{ row: RankedCompany; focus: boolean; said: string[] }> {
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

function carriersAnswer(supplier: Company): string {
  const carriers = carriersOf(supplier);
  const lines = [`## The largest distributors of ${supplier.name}`, "", `The supplier: ${companyLink(supplier)}.`, ""];
  if (!carriers.length) {
    lines.push(
      `None of the hub's top 25 distributors names ${supplier.name} among its principal suppliers or in its profile.`,
      "",
      `See the full table in [Top Players](/explorer).`,
    );
    return lines.join("\n");
  }
  const top = carriers[0]!;
  lines.push(
    `Of the hub's top 25 U.S. distributors (${RANK_BASIS.distributor}), the highest-ranked one that ${top.focus ? `names ${supplier.name} among its principal suppliers` : `names ${supplier.name} in its profile`} is **${top.row.company.name}** (#${top.row.rank}). The table ranks each distributor's whole business, not its ${supplier.name} volume, so what the profiles say follows.`,
    "",
  );
  const focus = carriers.filter((c) => c.focus);
  const others = carriers.filter((c) => !c.focus);
  if (focus.length)
    lines.push(
      `**Naming ${supplier.name} among their principal suppliers**`,
      "",
      ...focus.map((c) => rankedItem(c.row)),
      "",
    );
  if (others.length)
    lines.push(`**Naming ${supplier.name} in their profiles**`, "", ...others.map((c) => rankedItem(c.row)), "");
  // A claim in a profile ("the largest Anheuser-Busch wholesaler") answers what the table cannot.
  const claims = carriers
    .flatMap((c) => c.said.slice(0, 1).map((s) => ({ c, s })))
    .sort((a, b) => Number(SUPERLATIVE.test(b.s)) - Number(SUPERLATIVE.test(a.s)));
  if (claims.length)
    lines.push(
      "**What the profiles say**",
      "",
      ...claims.slice(0, 4).map(({ c, s }) => `- ${s} (${companyLink(c.row.company)})`),
      "",
    );
  lines.push(`See the full table in [Top Players](/explorer).`);
  return lines.join("\n");
}

/** Whether a company's coverage names the state ("Washington" is not "Washington, D.C."). */
export function coversState(company: Company, state: string): boolean {
  const pattern = new RegExp(
    `\\b${state.replace(/[.,]/g, "\\$&")}\\b${state === "Washington" ? "(?!, D\\.C\\.)" : ""}`,
    "i",
  );
  return pattern.test(company.coverage ?? "");
}

const unique = (companies: Company[]) => [...new Map(companies.map((c) => [c.id, c])).values()];

/** The brand as the company writes it, found back from the name the question matched. */
function properBrand(b: { brand: string; company: Company }): string {
  return brandNamed(b.company, b.brand) ?? b.brand;
}

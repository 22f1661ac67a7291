// Questions about the Top Players that have one right answer in the company
// data (rank, size, headquarters, founding, owner, brands, comparisons) are
// answered from that data directly, with the figure, its year and a link to the
// profile, rather than from whichever sentence of the corpus happens to match.
import { COMPANIES, type Company } from "../content/companies.server.ts";
import { rankedTable, type RankedCompany } from "#common/content/company-query.ts";
import { fold } from "#common/content/fold.ts";
import { stateIn } from "./us-states.ts";

export const FACT_INTENTS = ["rank", "size", "headquarters", "founded", "owner", "brands", "compare"] as const;
export type FactIntent = (typeof FACT_INTENTS)[number];

// Each intent by the words that ask for it; a question may ask for several ("where is X based and when was it founded").
const INTENT_PATTERNS: ReadonlyArray<readonly [FactIntent, RegExp]> = [
  [
    "owner",
    /\b(?:who (?:owns|makes|produces|is behind|controls)|owner|owned by|ownership|who is the parent|parent company|belongs? to)\b/,
  ],
  [
    "compare",
    /\b(?:compare|comparison|versus|vs\.?|bigger than|larger than|smaller than|which is (?:bigger|larger|smaller))\b/,
  ],
  [
    "rank",
    /\b(?:largest|biggest|top \d+|top (?:three|five|ten|twenty)|leading|rank(?:ed|ing|s)?|number one|no\. ?1)\b/,
  ],
  ["size", /\b(?:revenue|revenues|sales|turnover|how big|how large|size|worth|employees|headcount|how many people)\b/],
  ["headquarters", /\b(?:headquarter(?:s|ed)?|hq|based|located|where is|where are|head office|home base)\b/],
  ["founded", /\b(?:founded|established|started|how old|when was .* (?:formed|created|set up)|founding|since when)\b/],
  ["brands", /\b(?:brands?|portfolio|what does .* (?:own|make|sell|carry|distribute)|suppliers|focus area)\b/],
];

/** The facts a question asks for, in the order above. */
export function factIntents(question: string): FactIntent[] {
  const q = fold(question);
  return INTENT_PATTERNS.filter(([, pattern]) => pattern.test(q)).map(([intent]) => intent);
}

const NUMBER_WORDS: Record<string, number> = { three: 3, five: 5, ten: 10, twenty: 20 };

/** How many a ranking question wants: "top 10", "top five"; otherwise five. */
function wanted(question: string): number {
  const q = fold(question);
  const match = /\btop (\d+|three|five|ten|twenty)\b/.exec(q);
  const n = match ? (NUMBER_WORDS[match[1]!] ?? Number(match[1])) : 5;
  return Math.min(Math.max(n, 1), 25);
}

/** Which table a question is about: distributors ("wholesalers") or manufacturers ("suppliers", "brewers", "producers"). */
function tableAsked(question: string): Company["type"] | undefined {
  const q = fold(question);
  if (/\b(?:distribut\w*|wholesal\w*)\b/.test(q)) return "distributor";
  if (
    /\b(?:manufactur\w*|suppliers?|producers?|makers?|brewers?|distillers?|wineries|winery|brand owners?|companies|company|players?)\b/.test(
      q,
    )
  )
    return "manufacturer";
  return undefined;
}

export const profileUrl = (c: Company) => `/explorer?company=${c.id}`;
export const companyLink = (c: Company) => `[${c.name}](${profileUrl(c)})`;
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

function factLines(c: Company, intent: FactIntent): string[] {
  const p = c.profile;
  switch (intent) {
    case "owner":
      return [`- **Owner:** ${c.ownership}.`];
    case "size":
      return [
        `- **Size:** ${sizeFigure(c)}.`,
        ...(c.coverage ? [`- **Coverage:** ${c.coverage}.`] : []),
        ...(p ? [`- **Employees:** ${p.employees}.`] : []),
        `- **Rank:** ${rankLine(c)}.`,
      ];
    case "headquarters":
      return [`- **Headquarters:** ${c.location}.`];
    case "founded":
      return [`- **Founded:** ${p?.founded ?? "not published"}.`];
    case "brands":
      return [
        c.type === "manufacturer"
          ? `- **Key brands:** ${c.keyBrands.join(", ")}.`
          : `- **Focus area (principal suppliers and categories):** ${c.keyBrands.join(", ")}.`,
      ];
    case "rank":
      return [`- **Rank:** ${rankLine(c)}.`, `- **Size:** ${sizeFigure(c)}.`];
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
    row("Employees", (c) => c.profile?.employees ?? "—"),
    row("Key brands", (c) => c.keyBrands.slice(0, 5).join(", ")),
    row("Market position", (c) => c.profile?.marketPosition ?? "—"),
    row("Recent developments", (c) => c.profile?.recentDevelopments ?? "—"),
  ].join("\n");
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
}

/** The answer from the company data, or undefined when the question is not one it can answer. */
export function factAnswer({ question, intents, companies, brands }: FactQuestion): string | undefined {
  if (!intents.length) return undefined;

  // "Who owns Blanton's?" names a brand: say whose it is, and who owns that company.
  if (intents.includes("owner") && brands.length) {
    const lines = [`## Who owns ${brands.map((b) => properBrand(b)).join(" and ")}`, ""];
    for (const b of brands) {
      lines.push(
        `**${properBrand(b)}** belongs to ${companyLink(b.company)} (${b.company.location}), ${rankLine(b.company)}.`,
        "",
        `- **Owner of ${b.company.name}:** ${b.company.ownership}.`,
        "",
      );
    }
    lines.push("**Sources**", "", ...sourcesOf(unique(brands.map((b) => b.company))));
    return lines.join("\n");
  }

  // Ranking questions without a company: the list itself, from the table asked about.
  if (intents.includes("rank") && !companies.length) {
    const type = tableAsked(question);
    if (!type) return undefined;
    return rankingAnswer(question, type);
  }

  if (!companies.length) return undefined;

  if (companies.length >= 2 && (intents.includes("compare") || intents.includes("size") || intents.includes("rank"))) {
    const ordered = [...companies].sort((a, b) =>
      a.type === b.type ? rankOf(a) - rankOf(b) : a.type === "manufacturer" ? -1 : 1,
    );
    const sameTable = companies.every((c) => c.type === companies[0]!.type);
    const lead = sameTable
      ? `By the hub's ranking (${RANK_BASIS[companies[0]!.type]}), ${ordered.map((c) => `**${c.name}** (#${rankOf(c)})`).join(" ranks above ")}.`
      : `${ordered.map((c) => `**${c.name}** is a ${c.type} (#${rankOf(c)} of 25)`).join("; ")}: they sit in different tables, so their sizes are not ranked against each other.`;
    return [
      `## ${companies.map((c) => c.name).join(" vs. ")}`,
      "",
      lead,
      "",
      comparisonTable(companies),
      "",
      "**Sources**",
      "",
      ...sourcesOf(companies),
    ].join("\n");
  }

  const shown = intents.filter((i) => i !== "compare");
  if (!shown.length) return undefined;
  const lines = [`## ${companies.map((c) => c.name).join(" and ")}`, ""];
  for (const c of companies) {
    if (companies.length > 1) lines.push(`**${companyLink(c)}**`, "");
    else lines.push(`${companyLink(c)} is a ${c.type} based in ${c.location}.`, "");
    lines.push(...shown.flatMap((intent) => factLines(c, intent)), "");
  }
  lines.push("**Sources**", "", ...sourcesOf(companies));
  return lines.join("\n");
}

/** A numbered line of a ranking: rank, linked name, base, size figure and coverage. */
const rankedItem = (r: RankedCompany) =>
  `${r.rank}. **${companyLink(r.company)}**, ${r.company.location}: ${sizeFigure(r.company)}${r.company.coverage ? `; coverage: ${strip(r.company.coverage)}` : ""}.`;

function rankingAnswer(question: string, type: Company["type"]): string {
  const state = type === "distributor" ? stateIn(question) : undefined;
  const rows = rankedTable(COMPANIES, type);
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
      const top = [...based, ...serving].sort((a, b) => a.rank - b.rank)[0]!;
      lines.push(
        `Of the hub's top 25 U.S. distributors (${RANK_BASIS.distributor}), the highest-ranked one in ${state.name} is **${top.company.name}** (#${top.rank}).`,
        "",
      );
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
  return [
    `## The ${n === 1 ? "largest" : `top ${n}`} ${TABLE_NAMES[type]}`,
    "",
    `By the hub's Top Players ranking (${RANK_BASIS[type]}, as of the end of 2024), the largest is **${top[0]!.company.name}**.`,
    "",
    ...top.map(rankedItem),
    "",
    `Below the top five the order is approximate (most of these companies are private). See all 25 in [Top Players](/explorer).`,
  ].join("\n");
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

/** The brand as the company writes it, found back from the folded name the question matched. */
function properBrand(b: { brand: string; company: Company }): string {
  return b.company.keyBrands.find((k) => fold(k) === b.brand) ?? b.brand;
}

// A ranking from the Top Players table: whole, narrowed by a state, a category or a listing, or
// ordered by a measure the companies' own data give, with each company's own claim to its place.
import { COMPANIES, type Company } from "../../../content/companies.server.ts";
import { rankedTable, type RankedCompany } from "#common/content/company-query.ts";
import { fold } from "#common/content/fold.ts";
import { RANK_BASIS, rankedItem, strip, TABLE_NAMES } from "../../answer/company-lines.ts";
import {
  basedIn,
  countAsked,
  coversState,
  sizeFigure,
  narrowedRows,
  sentencesOf,
  SUPERLATIVE,
  wanted,
} from "../../company-facts.ts";
import { companyLink } from "../../company-links.ts";
import { asksListed, inCategories, stateLeadClaim, stateLeadersFirst, type Measure } from "../../ranking-filters.ts";
import { stateIn } from "../../us-states.ts";

const CATEGORY =
  /\b(wine|beer|spirits|tequila|vodka|whiskey|whisky|bourbon|rum|gin|cognac|scotch|seltzer|cider|rtds?|brandy|mezcal)\b/;

export function rankingAnswer(question: string, type: Company["type"]): string {
  // A state narrows either table: distributors by where they are based or what they cover,
  // manufacturers by where they are based ("the highest-ranked manufacturer in Kentucky").
  const state = stateIn(question);
  const rows = rankedTable(COMPANIES, type);
  if (state && type === "manufacturer") return basedInAnswer(rows, state);
  if (state) {
    const based = rows.filter((r) => basedIn(r.company, state.code));
    const serving = rows.filter((r) => !based.includes(r) && coversState(r.company, state.code));
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

const MEASURE_NAMES: Record<Measure, string> = {
  employees: "employees",
  states: "states covered",
  cases: "cases a year",
  share: "market share",
};

/**
 * A ranking narrowed by what the question asks beyond the table: a state, a category, a listing;
 * ordered by the measure it asks for when the companies' data give it (their own figures, quoted,
 * since years and sources differ), else in the table's order. The companies the question names
 * are kept in it, and each listed company's own claim to its place follows.
 */
export function narrowedRankingAnswer(question: string, type: Company["type"], named: Company[]): string {
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
  const based = rows.filter((r) => basedIn(r.company, state.code));
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

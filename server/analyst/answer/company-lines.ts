// How an answer from the company data writes a company: its place in its table, a fact cited to
// the profile part that states it, the publishers behind a profile, companies side by side. Shared
// by every intent that answers from the Top Players' data.
import type { Company } from "../../content/companies.server.ts";
import type { RankedCompany } from "#common/content/company-query.ts";
import { rankOf, sizeFigure } from "../company-facts.ts";
import { brandNamed } from "../company-names.ts";
import { citeFact, companyLink } from "../company-links.ts";
import type { ProfilePart } from "../hub-corpus.ts";

export const TABLE_NAMES = {
  manufacturer: "U.S. alcoholic beverage manufacturers",
  distributor: "U.S. alcohol distributors",
} as const;
export const RANK_BASIS = {
  manufacturer: "ranked by estimated 2024 U.S. net sales of beer, wine and spirits",
  distributor: "ranked by estimated revenue, beer, wine and spirits wholesalers together",
} as const;

export const rankLine = (c: Company) =>
  `#${rankOf(c)} of the hub's top 25 ${TABLE_NAMES[c.type]} (${RANK_BASIS[c.type]}, as of the end of 2024)`;

export const strip = (s: string) => s.replace(/\.$/, "");

/** The profile fact a company's size figure comes from; none when it publishes none. */
export const sizeFact = (c: Company): ProfilePart | undefined =>
  c.revenue ? "Revenue" : c.sales ? "Sales" : undefined;

/** One fact as a line of the answer, cited to the profile fact that states it (when the profile gives it). */
export const factLine = (c: Company, name: string, value: string, fact: ProfilePart | undefined) =>
  `- **${name}:** ${value}${fact ? citeFact(c, fact) : ""}.`;

/** A numbered line of a ranking: rank, linked name, base, size figure and coverage. */
export const rankedItem = (r: RankedCompany) =>
  `${r.rank}. **${companyLink(r.company)}**, ${r.company.location}: ${sizeFigure(r.company)}${r.company.coverage ? `; coverage: ${strip(r.company.coverage)}` : ""}.`;

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
export const sourcesOf = (companies: Company[]) =>
  companies.map(
    (c) =>
      `- ${companyLink(c)}: ${[...new Set(c.sources.map((s) => s.publisher))].slice(0, 3).join("; ")}${c.sources.length > 3 ? `, and ${c.sources.length - 3} more sources in the profile` : ""}`,
  );

/** The brand as the company writes it, found back from the name the question matched. */
export function properBrand(b: { brand: string; company: Company }): string {
  return brandNamed(b.company, b.brand) ?? b.brand;
}

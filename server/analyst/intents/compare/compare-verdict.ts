// The verdict a comparison leads with, read from the companies' typed values (Company.facts), not
// their sentences: "Yuengling is older: founded in 1829, Anheuser-Busch in 1852." Each figure cites
// the profile fact that states it.
import type { Company } from "../../../content/companies.server.ts";
import { citeFact } from "../../company-links.ts";
import type { Comparative, ComparedMeasure } from "../../lexicon/comparatives.ts";
import { profileParts, type ProfilePart } from "../../hub-corpus.ts";
import { measureOf } from "../../ranking-filters.ts";

const founding = (c: Company) => c.facts?.founded;

/** "1829", "about 2008": a founding year as the verdict says it. */
function yearSaid(c: Company): string {
  const f = founding(c)!;
  return `${f.approximate ? "about " : ""}${f.year}`;
}

// A company formed by a merger or a purchase may grow from an older business: said beside its year,
// so "formed in 2005" is not read as the whole of its history.
function rootsSaid(c: Company): string {
  const roots = founding(c)?.roots;
  return roots ? ` (its roots go back to ${roots})` : "";
}

const listed = (items: string[]) =>
  items.length <= 2 ? items.join(" and ") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

type Figured = Exclude<ComparedMeasure, "age">;

// How a verdict on a figure says it: the figure, and the company with more (or less) of it.
const FIGURES: Record<Figured, { figure: (value: number) => string; more: string[]; less: string[] }> = {
  cases: {
    figure: (v) => `${v.toLocaleString("en-US")} million cases`,
    more: ["sells more by volume", "sells the most by volume"],
    less: ["sells less by volume", "sells the least by volume"],
  },
  employees: {
    figure: (v) => `${v.toLocaleString("en-US")} employees`,
    more: ["has more employees", "has the most employees"],
    less: ["has fewer employees", "has the fewest employees"],
  },
  share: {
    figure: (v) => `a ${v}% share`,
    more: ["has the larger share", "has the largest share"],
    less: ["has the smaller share", "has the smallest share"],
  },
  states: {
    figure: (v) => `${v} states`,
    more: ["serves more states", "serves the most states"],
    less: ["serves fewer states", "serves the fewest states"],
  },
};

/** The part of a company's profile that states `said`, to cite. */
function partStating(c: Company, said: string): ProfilePart {
  const part = profileParts(c).find((p) => p.text.includes(said));
  return part?.section ?? "Overview";
}

/**
 * A verdict on a figure the data gives each company (a volume, a headcount, the states served):
 * "**Reyes Beverage Group sells the most by volume**: 217 million cases (…), then …". The figures
 * are each profile's own, of its own year: the verdict says so.
 */
function figureVerdict(companies: Company[], asked: Comparative & { measure: Figured }): string | undefined {
  const said = FIGURES[asked.measure];
  const figured = companies.flatMap((c) => {
    const f = measureOf(c, asked.measure);
    return f ? [{ c, ...f }] : [];
  });
  const missing = companies.filter((c) => !figured.some((f) => f.c === c)).map((c) => c.name);
  const noFigure = missing.length
    ? ` ${listed(missing)} ${missing.length === 1 ? "publishes" : "publish"} no such figure in the hub's sources.`
    : "";
  if (figured.length < 2)
    return missing.length ? `The hub cannot say which ${said[asked.more ? "more" : "less"][0]}:${noFigure}` : undefined;
  const ordered = [...figured].sort((a, b) => (b.value - a.value) * (asked.more ? 1 : -1));
  const cited = (f: (typeof figured)[number]) => `${said.figure(f.value)}${citeFact(f.c, partStating(f.c, f.said))}`;
  const [first, ...rest] = ordered;
  const verb = said[asked.more ? "more" : "less"][ordered.length === 2 ? 0 : 1];
  return `**${first!.c.name} ${verb}**: ${cited(first!)}; then ${listed(rest.map((f) => `${f.c.name} ${cited(f)}`))}. Each figure is its profile's own, of its own year and source.${noFigure}`;
}

/** The one-sentence verdict on the measure asked, or undefined when the data cannot give one. */
export function compareVerdict(companies: Company[], asked: Comparative): string | undefined {
  if (asked.measure !== "age") return figureVerdict(companies, { ...asked, measure: asked.measure });
  const dated = companies.filter((c) => founding(c));
  const undated = companies.filter((c) => !founding(c));
  if (dated.length < 2) {
    const missing = undated.map((c) => c.name);
    return missing.length
      ? `The hub cannot say which is ${asked.more ? "older" : "newer"}: the founding year of ${listed(missing)} is not published in its sources.`
      : undefined;
  }
  // Oldest first for "older", newest first for "newer".
  const ordered = [...dated].sort((a, b) => (founding(a)!.year - founding(b)!.year) * (asked.more ? 1 : -1));
  const [first, second] = [ordered[0]!, ordered[1]!];
  const word = asked.more ? "older" : "newer";
  const cited = (c: Company, lead: string) => `${lead}${yearSaid(c)}${rootsSaid(c)}${citeFact(c, "Founded")}`;
  if (founding(first)!.year === founding(second)!.year)
    return `**${first.name}** and **${second.name}** were founded in the same year, ${cited(first, "")}.`;
  const rest = ordered.slice(1).map((c) => cited(c, `${c.name} in `));
  const verdict =
    ordered.length === 2
      ? `**${first.name} is ${word}**: founded in ${cited(first, "")}, ${rest[0]}.`
      : `**${first.name} is the ${asked.more ? "oldest" : "newest"}**: founded in ${cited(first, "")}; then ${listed(rest)}.`;
  // "Older" as companies; a later one that grew from a business older still is said to go back further.
  const deeper = asked.more
    ? ordered.slice(1).filter((c) => (founding(c)!.roots ?? Infinity) < founding(first)!.year)
    : [];
  return [
    verdict,
    ...deeper.map((c) => `Counting the business it grew from, ${c.name} goes back further, to ${founding(c)!.roots}.`),
    ...(undated.length
      ? [`The founding year of ${listed(undated.map((c) => c.name))} is not published in the hub's sources.`]
      : []),
  ].join(" ");
}

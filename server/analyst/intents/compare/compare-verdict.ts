// The verdict a comparison leads with, read from the companies' typed values (Company.facts), not
// their sentences: "Yuengling is older: founded in 1829, Anheuser-Busch in 1852." Each figure cites
// the profile fact that states it.
import type { Company } from "../../../content/companies.server.ts";
import { citeFact } from "../../company-links.ts";
import type { Comparative } from "../../lexicon/comparatives.ts";

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

/** The one-sentence verdict on the measure asked, or undefined when the data cannot give one. */
export function compareVerdict(companies: Company[], asked: Comparative): string | undefined {
  if (asked.measure !== "age") return undefined;
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

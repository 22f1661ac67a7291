import type { Company } from "../content/companies.server.ts";
import { fold } from "#common/content/fold.ts";
import { US_STATES } from "./us-states.ts";

// Words that say what kind of company it is, not which one.
const SUFFIXES =
  /\s+(?:company|brands|usa|north america|americas|group|beverage group|beverage company|wine & spirits|family estates|family wines|family distributing|distributing|distributors|companies|estates|winery|handmade vodka|& son|liquor company|beer distributors|beverages?|inc\.?)$/i;
// A state's name is a place in a question ("the biggest distributor in Georgia"), not Georgia Crown.
const NOT_A_NAME = new Set([
  "the",
  "southern",
  "top",
  "best",
  "new",
  "wine",
  "beer",
  "spirits",
  "global",
  "national",
  "republic",
  "empire",
  ...US_STATES.map(([name]) => fold(name)),
]);

/** The ways people name a company: its full name, the name without its kind, a distinctive first word, and its own brands. */
export function companyAliases(companies: readonly Company[]): Map<string, number[]> {
  const aliases = new Map<string, number[]>();
  const add = (alias: string, id: number) => {
    const key = fold(alias.trim());
    if (key.length < 3) return;
    const ids = aliases.get(key) ?? [];
    if (!ids.includes(id)) aliases.set(key, [...ids, id]);
  };
  const firstWords = new Map<string, number[]>();
  for (const company of companies) {
    add(company.name, company.id);
    let short = company.name.replace(/^the\s+/i, "");
    add(short, company.id);
    while (SUFFIXES.test(short)) {
      short = short.replace(SUFFIXES, "");
      add(short, company.id);
    }
    if (/^[A-Z]\.? & [A-Z]\.? /.test(short)) add(short.replace(/^[A-Z]\.? & [A-Z]\.? /, ""), company.id); // "E. & J. Gallo" → "Gallo"
    const first = fold(short.split(/[\s-]/)[0]!);
    if (first.length >= 4 && !NOT_A_NAME.has(first))
      firstWords.set(first, [...(firstWords.get(first) ?? []), company.id]);
    // A manufacturer's brands name it too ("Jack Daniel's" → Brown-Forman); a distributor's "brands" are its suppliers.
    if (company.type === "manufacturer") for (const brand of company.keyBrands) add(brand, company.id);
  }
  for (const [word, ids] of firstWords) if (ids.length === 1) add(word, ids[0]!);
  add("AB InBev", 1);
  add("RNDC", 27);
  add("SGWS", 26);
  return aliases;
}

/** The key brands of the manufacturers, each to the company that owns it (a distributor's "brands" are its suppliers). */
export function brandOwners(companies: readonly Company[]): Map<string, number[]> {
  const owners = new Map<string, number[]>();
  for (const company of companies) {
    if (company.type !== "manufacturer") continue;
    for (const brand of company.keyBrands) owners.set(fold(brand), [...(owners.get(fold(brand)) ?? []), company.id]);
  }
  return owners;
}

/** Where the names of `table` occur in `question`, in order; a longer name wins where two overlap ("Southern Glazer's" over "Southern Comfort"). */
export function namesIn(question: string, table: Map<string, number[]>): Array<{ name: string; id: number }> {
  const text = ` ${fold(question)
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}&'.-]+/gu, " ")} `;
  const found: Array<{ at: number; name: string; id: number }> = [];
  for (const [name, ids] of table) {
    if (ids.length !== 1) continue;
    const at = [` ${name} `, ` ${name}'s `, ` ${name}' `, ` ${name}. `, ` ${name}'s. `]
      .map((form) => text.indexOf(form))
      .find((i) => i >= 0);
    if (at !== undefined) found.push({ at, name, id: ids[0]! });
  }
  found.sort((a, b) => a.at - b.at || b.name.length - a.name.length);
  const out: Array<{ name: string; id: number }> = [];
  let end = -1;
  for (const f of found) {
    if (f.at < end) continue;
    end = f.at + f.name.length + 1;
    out.push({ name: f.name, id: f.id });
  }
  return out;
}

/** The companies a question names, in the order it names them. */
export function companiesNamed(question: string, aliases: Map<string, number[]>): number[] {
  return [...new Set(namesIn(question, aliases).map((n) => n.id))];
}

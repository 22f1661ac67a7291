import type { Company } from "../content/companies.ts";
import { fold } from "../content/fold.ts";

// Words that say what kind of company it is, not which one.
const SUFFIXES = /\s+(?:company|brands|usa|north america|americas|group|beverage group|beverage company|wine & spirits|family estates|family wines|family distributing|distributing|distributors|companies|estates|winery|handmade vodka|& son|liquor company|beer distributors|beverages?|inc\.?)$/i;
const NOT_A_NAME = new Set(["the", "southern", "top", "best", "new", "wine", "beer", "spirits", "global", "national", "republic", "empire"]);


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
    if (first.length >= 4 && !NOT_A_NAME.has(first)) firstWords.set(first, [...(firstWords.get(first) ?? []), company.id]);
    // A manufacturer's brands name it too ("Jack Daniel's" → Brown-Forman); a distributor's "brands" are its suppliers.
    if (company.type === "manufacturer") for (const brand of company.keyBrands) add(brand, company.id);
  }
  for (const [word, ids] of firstWords) if (ids.length === 1) add(word, ids[0]!);
  add("AB InBev", 1);
  add("RNDC", 27);
  add("SGWS", 26);
  return aliases;
}

/** The companies a question names, in the order it names them. */
export function companiesNamed(question: string, aliases: Map<string, number[]>): number[] {
  const text = ` ${fold(question).replace(/[’‘]/g, "'").replace(/[^\p{L}\p{N}&'.-]+/gu, " ")} `;
  const found: Array<{ at: number; length: number; id: number }> = [];
  for (const [alias, ids] of aliases) {
    const at = text.indexOf(` ${alias} `) >= 0 ? text.indexOf(` ${alias} `) : text.indexOf(` ${alias}'s `);
    if (at < 0 || ids.length !== 1) continue;
    found.push({ at, length: alias.length, id: ids[0]! });
  }
  // Longer names win where names overlap ("Southern Glazer's" over "Southern Comfort").
  found.sort((a, b) => a.at - b.at || b.length - a.length);
  const ids: number[] = [];
  let end = -1;
  for (const f of found) {
    if (f.at < end) continue;
    end = f.at + f.length + 1;
    if (!ids.includes(f.id)) ids.push(f.id);
  }
  return ids;
}

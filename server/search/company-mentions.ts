// Which Top Players a text names (issue 26): the terms that name each company
// (its name, the names the assistant knows it by, a manufacturer's key brands)
// and a whole-word, case-insensitive test of a text against all of them. The
// coverage on each profile is built on it; so can "related reading" and the
// assistant. Pure functions over the company list, cached per list.
import type { Company } from "../content/companies.server.ts";
import { companyAliases, nameKey } from "../analyst/company-names.ts";
import { wholeWord } from "#common/search/whole-word.ts";

/**
 * Short names and brands that are also everyday words, surnames or places, so a
 * text using them is more often about something else: "barefoot", "heaven",
 * "Miller", "Jackson", "natural light", "high noon". (company-names.ts already
 * leaves out "wine", "brown", "southern", "truly" and the states.) The longer
 * names stay: "Barefoot" is out, but "Heaven Hill" and "Miller Lite" count.
 */
const ORDINARY = new Set([
  "bud",
  "beam",
  "miller",
  "constellation",
  "barefoot",
  "heaven",
  "jackson",
  "johnson",
  "andrews",
  "reyes",
  "allied",
  "badger",
  "heidelberg",
  "larceny",
  "cambria",
  "prisoner",
  "the prisoner",
  "cupcake",
  "penelope",
  "yellowstone",
  "pendleton",
  "wheatley",
  "milagro",
  "el mayor",
  "daviess county",
  "natural light",
  "high noon",
  "blue moon",
  "new amsterdam",
  "christian brothers",
  "frank family",
  "grants",
  "jeffersons",
  "fre",
  // "Terlato Wine Group" is not The Wine Group: only its whole name counts.
  "wine group",
]);

const NOT_IN_WORD = "(?<![\\p{L}\\p{N}_])";
const WORD_ENDS = "(?![\\p{L}\\p{N}_])";

/** The terms of one company as written, and every form a text may write each in. */
export interface CompanyTerms {
  id: number;
  /** As the company writes them, the shortest first ("Diageo", "Crown Royal"…). */
  terms: string[];
  /** Each term with the ways texts also write it: without accents, curly apostrophe, space for hyphen. */
  forms: Array<{ form: string; term: string }>;
}

interface Index {
  byCompany: Map<number, CompanyTerms>;
  /** Lower-cased form → the company and the term it is a form of. */
  byForm: Map<string, { id: number; term: string }>;
  /** Every form of every company, as one pattern that finds them all in one pass (overlaps too). */
  scanner: RegExp;
}

const indexes = new WeakMap<readonly Company[], Index>();

/** The terms that name the company with this id (none for an unknown id). */
export function companyTerms(companies: readonly Company[], id: number): CompanyTerms | undefined {
  return indexOf(companies).byCompany.get(id);
}

/** Every company a text names, each once, in the order the text first names them. */
export function mentionedCompanies(companies: readonly Company[], text: string): number[] {
  return [...mentions(companies, text).keys()];
}

/** Each company a text names, with the first term it used. */
export function mentions(companies: readonly Company[], text: string): Map<number, string> {
  const { scanner, byForm } = indexOf(companies);
  const found = new Map<number, string>();
  scanner.lastIndex = 0;
  for (const m of text.matchAll(scanner)) {
    const hit = byForm.get(m[1]!.toLowerCase());
    if (hit && !found.has(hit.id)) found.set(hit.id, hit.term);
  }
  return found;
}

/** The form (and the term it writes) that `text` names first, as a whole word; undefined when it names none. */
export function firstForm(forms: CompanyTerms["forms"], text: string): CompanyTerms["forms"][number] | undefined {
  let best: { at: number; hit: CompanyTerms["forms"][number] } | undefined;
  for (const hit of forms) {
    const at = text.search(wholeWord(hit.form));
    if (at >= 0 && (!best || at < best.at)) best = { at, hit };
  }
  return best?.hit;
}

function indexOf(companies: readonly Company[]): Index {
  let index = indexes.get(companies);
  if (!index) {
    index = buildIndex(companies);
    indexes.set(companies, index);
  }
  return index;
}

function buildIndex(companies: readonly Company[]): Index {
  // Every candidate term, with the companies it could name.
  const candidates: Array<{ id: number; term: string }> = [];
  for (const [key, ids] of companyAliases(companies)) {
    // A name cut before its last word ("Glazer's Beer and") is no name; nor are initials ("d.g.").
    if (ids.length !== 1 || ORDINARY.has(key) || !/[\p{L}\p{N}]{3}/u.test(key) || /\s(?:and|&)$/.test(key)) continue;
    const company = companies.find((c) => c.id === ids[0])!;
    candidates.push({ id: company.id, term: writtenAs(key, company) });
  }
  const byCompany = new Map<number, CompanyTerms>();
  // Every term against every other is thousands of tests: the plain substring test first (a whole
  // word ignoring case is inside the lower-cased text), the pattern only where it holds.
  const lower = candidates.map((c) => ({ ...c, lower: c.term.toLowerCase() }));
  const inside = (term: string, other: { term: string; lower: string }) =>
    other.lower.includes(term.toLowerCase()) && wholeWord(term).test(other.term);
  for (const company of companies) {
    const own = candidates.filter((c) => c.id === company.id).map((c) => c.term);
    const others = lower.filter((c) => c.id !== company.id);
    const terms = own
      // A term inside another company's name names that one too ("Glazer's" in "Southern Glazer's").
      .filter((term) => !others.some((other) => inside(term, other)))
      .sort((a, b) => a.length - b.length || a.localeCompare(b))
      // A term holding a shorter one of the same company adds nothing ("Diageo North America" after "Diageo").
      .filter(
        (term, i, sorted) =>
          !sorted.slice(0, i).some((shorter) => inside(shorter, { term, lower: term.toLowerCase() })),
      );
    const forms = terms.flatMap((term) => formsOf(term).map((form) => ({ form, term })));
    byCompany.set(company.id, { id: company.id, terms, forms });
  }
  const byForm = new Map<string, { id: number; term: string }>();
  for (const { id, forms } of byCompany.values())
    for (const { form, term } of forms) byForm.set(form.toLowerCase(), { id, term });
  const alternatives = [...byForm.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  // A lookahead matches nothing, so the scan tries every word start: a name that overlaps another is still found.
  const scanner = new RegExp(`${NOT_IN_WORD}(?=(${alternatives.join("|")})${WORD_ENDS})`, "giu");
  return { byCompany, byForm, scanner };
}

/**
 * The alias `key` (folded, apostrophes dropped) as the company writes it: a run of
 * words of its name or of a brand with that key ("titos" → "Tito's"); otherwise
 * the key itself, short ones as acronyms ("sgws" → "SGWS").
 */
function writtenAs(key: string, company: Company): string {
  for (const source of [company.name, ...company.keyBrands])
    for (const words of [source.split(/\s+/), source.split(/[\s-]+/)])
      for (let i = 0; i < words.length; i++)
        for (let j = i + 1; j <= words.length; j++) {
          const part = words.slice(i, j).join(" ");
          if (nameKey(part) === key) return part;
        }
  if (!key.includes(" ") && key.length <= 4) return key.toUpperCase();
  return key.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/** A term and the ways a text may also write it; case is ignored later, so these differ in letters only. */
export function formsOf(term: string): string[] {
  const variants = [
    term,
    term.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC"),
    term.replace(/'/g, "’"),
    term.replace(/-/g, " "),
  ];
  const seen = new Set<string>();
  return variants.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

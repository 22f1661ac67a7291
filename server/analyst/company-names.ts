import { NOT_NAMES, type Company } from "../content/companies.server.ts";
import { fold } from "#common/content/fold.ts";
import { US_STATES } from "./us-states.ts";

// Words that say what kind of company it is, not which one.
const SUFFIXES =
  /\s+(?:company|brands|usa|north america|americas|group|beverage group|beverage company|wine & spirits|family estates|family wines|family distributing|distributing|distributors|companies|estates|winery|handmade vodka|& sons?|liquor company|beer distributors|beverages?|inc\.?)$/i;
// Words that say what kind of drink a brand is, not which brand: "White Claw Hard Seltzer" is
// "White Claw" to a reader, "Modelo Especial" is "Modelo".
const BRAND_SUFFIXES =
  /\s+(?:hard seltzer|especial|extra|vodka|gin|rum|tequila|mezcal|bourbon|irish whiskey|canadian whisky|whiskey|whisky|brandy|rye|family winery|vineyards?|winery|collection|traditional lager)$/i;
// A shortened name that is also a word of the trade, a place or a common word names no company:
// "wine" is not The Wine Group, "brown spirits" not Brown-Forman, "Manhattan" a borough, "silver" a tequila.
// (A state's name is a place in a question, "the biggest distributor in Georgia", not Georgia Crown.)
const NOT_A_NAME = new Set([...NOT_NAMES, ...US_STATES.map(([name]) => fold(name))]);

/**
 * A name or a question as names are compared: folded, curly quotes straightened, apostrophes
 * dropped ("Tito's" and "titos" are one name) and hyphens spaced ("Brown-Forman", "brown forman").
 */
export function nameKey(text: string): string {
  return (
    fold(text)
      .replace(/[’‘`']/g, "")
      // "J.J. Taylor" is "JJ Taylor": a stop after a single letter is dropped.
      .replace(/(?<!\p{L})(\p{L})\./gu, "$1")
      .replace(/-/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** A brand without the words that say what kind of drink it is, when that leaves a name. */
function shortBrand(brand: string): string | undefined {
  let short = brand.replace(/^the\s+/i, "");
  while (BRAND_SUFFIXES.test(short)) short = short.replace(BRAND_SUFFIXES, "");
  const key = nameKey(short);
  return key !== nameKey(brand) && /\p{L}{3}/u.test(key) && !NOT_A_NAME.has(key) ? short : undefined;
}

/** A name without the last of its words of kind, cut as short a way as it can be: "Beer Distributors" loses "Distributors". */
function shortestCut(name: string): string | undefined {
  for (let from = name.lastIndexOf(" "); from > 0; from = name.lastIndexOf(" ", from - 1)) {
    const tail = name.slice(from);
    if (SUFFIXES.test(tail) && SUFFIXES.exec(tail)!.index === 0) return name.slice(0, from);
  }
  return undefined;
}

/** The ways people name a company: its full name, the name without its kind, a distinctive first word, and its own brands. */
export function companyAliases(companies: readonly Company[]): Map<string, number[]> {
  const aliases = new Map<string, number[]>();
  const add = (alias: string, id: number, shortest = 3) => {
    const key = nameKey(alias);
    if (key.replace(/ /g, "").length < shortest) return;
    const ids = aliases.get(key) ?? [];
    if (!ids.includes(id)) aliases.set(key, [...ids, id]);
  };
  // A shortened name of one word must be a name, not a word of the trade.
  const addShort = (alias: string, id: number) => {
    if (!nameKey(alias).includes(" ") && NOT_A_NAME.has(nameKey(alias))) return;
    add(alias, id);
  };
  const firstWords = new Map<string, number[]>();
  for (const company of companies) {
    add(company.name, company.id);
    // Each word of kind taken off in turn, the shortest first: "Manhattan Beer Distributors" is
    // "Manhattan Beer" before it is "Manhattan".
    let short = company.name.replace(/^the\s+/i, "");
    addShort(short, company.id);
    for (let shorter = shortestCut(short); shorter; shorter = shortestCut(short)) {
      short = shorter;
      addShort(short, company.id);
    }
    if (/^[A-Z]\.? & [A-Z]\.? /.test(short)) add(short.replace(/^[A-Z]\.? & [A-Z]\.? /, ""), company.id); // "E. & J. Gallo" → "Gallo"
    const firstWord = short.split(/[\s-]/)[0]!;
    const first = nameKey(firstWord);
    // A first word in capitals is an acronym the company goes by ("MGP Ingredients" → "MGP").
    if ((first.length >= 4 || /^[A-Z]{3,}$/.test(firstWord)) && !NOT_A_NAME.has(first))
      firstWords.set(first, [...(firstWords.get(first) ?? []), company.id]);
    // A manufacturer's brands name it too ("Jack Daniel's" → Brown-Forman); a distributor's "brands" are its suppliers.
    if (company.type === "manufacturer")
      for (const brand of company.keyBrands) {
        add(brand, company.id);
        const shortName = shortBrand(brand);
        if (shortName) add(shortName, company.id);
      }
  }
  for (const [word, ids] of firstWords) if (ids.length === 1) add(word, ids[0]!);
  // The names the trade calls a company by (content/companies.json), two letters and up: each is declared.
  for (const company of companies) for (const alias of company.aliases ?? []) add(alias, company.id, 2);
  return aliases;
}

/** The key brands of the manufacturers (and their short names), each to the company that owns it (a distributor's "brands" are its suppliers). */
export function brandOwners(companies: readonly Company[]): Map<string, number[]> {
  const owners = new Map<string, number[]>();
  const add = (key: string, id: number) => {
    const ids = owners.get(key) ?? [];
    if (!ids.includes(id)) owners.set(key, [...ids, id]);
  };
  for (const company of companies) {
    if (company.type !== "manufacturer") continue;
    for (const brand of company.keyBrands) {
      add(nameKey(brand), company.id);
      const short = shortBrand(brand);
      if (short) add(nameKey(short), company.id);
    }
  }
  return owners;
}

/** The brand as the company writes it, from the key of its full or short name. */
export function brandNamed(company: Company, key: string): string | undefined {
  return company.keyBrands.find((k) => nameKey(k) === key || nameKey(shortBrand(k) ?? "") === key);
}

/** A question's text as names are looked up in it: name keys, other punctuation spaced. */
export const lookupText = (question: string) => ` ${nameKey(question.replace(/[^\p{L}\p{N}&'’‘.\s-]+/gu, " "))} `;

/** Where the names of `table` occur in `question`, in order; a longer name wins where two overlap ("Southern Glazer's" over "Southern Comfort"). */
export function namesIn(question: string, table: Map<string, number[]>): Array<{ name: string; id: number }> {
  const text = lookupText(question);
  const found: Array<{ at: number; name: string; id: number }> = [];
  for (const [name, ids] of table) {
    if (ids.length !== 1) continue;
    // The name, its possessive with the apostrophe dropped ("diageos"), and either at the end of a sentence.
    const at = [` ${name} `, ` ${name}s `, ` ${name}. `, ` ${name}s. `]
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

/** Edit distance counting a swap of two neighbouring letters as one edit ("epsiode" is one from "episode"). */
export function editDistance(a: string, b: string, most = 2): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

const undoubled = (word: string) => word.replace(/(\p{L})\1+/gu, "$1");

// Each vocabulary's words by their undoubled spelling, made once: looking a slip up is then one read.
const UNDOUBLED = new WeakMap<ReadonlySet<string>, Map<string, string>>();
function undoubledIn(vocabulary: ReadonlySet<string>): Map<string, string> {
  let byUndoubled = UNDOUBLED.get(vocabulary);
  if (!byUndoubled) {
    byUndoubled = new Map();
    for (const word of vocabulary) if (word.length > 5) byUndoubled.set(undoubled(word), word);
    UNDOUBLED.set(vocabulary, byUndoubled);
  }
  return byUndoubled;
}

/** How far a word of this length may be misspelt and still be read as a name: one letter from six letters, two from nine. */
export const allowedEdits = (length: number) => (length >= 9 ? 2 : length >= 6 ? 1 : 0);

/**
 * The question with misspelt names and words put right ("diagio" → "diageo", "distribtor" →
 * "distributor"): a word of six letters or more that `isWord` does not know, within one edit (two
 * from nine letters) of exactly one word of `vocabulary` with its first letter, is read as that word.
 */
export function correctSpelling(question: string, vocabulary: ReadonlySet<string>, isWord: (w: string) => boolean) {
  return question.replace(/[\p{L}][\p{L}'’]*/gu, (word) => {
    const key = nameKey(word);
    const allowed = allowedEdits(key.length);
    if (!allowed || vocabulary.has(key)) return word;
    // A letter doubled or undoubled ("constelation", "tarrifs") costs nothing below, and is put right
    // even where the slip stems like the word ("constelation" and "constellation" both stem to "constel").
    if (isWord(key)) return undoubledIn(vocabulary).get(undoubled(key)) ?? word;
    let best: string | undefined;
    let bestDistance = allowed + 1;
    let tie = false;
    for (const candidate of vocabulary) {
      if (Math.abs(candidate.length - key.length) > allowed + 1 || candidate[0] !== key[0]) continue;
      // A doubled or undoubled letter ("tarrifs" for "tariffs") is the commonest slip of all: it costs nothing.
      const distance = Math.min(editDistance(key, candidate), editDistance(undoubled(key), undoubled(candidate)));
      if (distance < bestDistance) [best, bestDistance, tie] = [candidate, distance, false];
      else if (distance === bestDistance && candidate !== best) tie = true;
    }
    return best && !tie ? best : word;
  });
}

/** How far a name of several words may be misspelt: one letter from six, two from nine, three from twenty. */
const allowedNameEdits = (length: number) => (length >= 20 ? 3 : allowedEdits(length));

// Each table's names of several words that name one company, by their first letter, made once.
const BY_INITIAL = new WeakMap<Map<string, number[]>, Map<string, Array<[string, number]>>>();
function namesByInitial(aliases: Map<string, number[]>): Map<string, Array<[string, number]>> {
  let byInitial = BY_INITIAL.get(aliases);
  if (!byInitial) {
    byInitial = new Map();
    for (const [key, ids] of aliases)
      if (ids.length === 1 && key.includes(" "))
        byInitial.set(key[0]!, [...(byInitial.get(key[0]!) ?? []), [key, ids[0]!]]);
    BY_INITIAL.set(aliases, byInitial);
  }
  return byInitial;
}

/**
 * The question with misspelt names of several words put right ("Bager Liquor" → "badger liquor",
 * "Repubic National Distributing Company"): a run of words within the allowed edits of exactly one
 * such name, with its first letter, and with a word the hub's vocabulary does not hold (`isWord`),
 * so that two right words never turn into a name. Names of one word are put right with the other
 * words (`correctSpelling`): a short name is too near the trade's words ("model", "Modelo").
 */
export function correctNames(question: string, aliases: Map<string, number[]>, isWord: (w: string) => boolean) {
  const words = [...question.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.&-]*/gu)].map((m) => {
    const whole = m[0].replace(/[.'’-]+$/, "");
    // A possessive is not part of the name ("Breakthrough Beverage Group's revenue"), but for a name
    // that ends in one ("Jack Daniel's").
    const text = whole.replace(/['’]s$/, "");
    return { at: m.index, text, key: nameKey(text), end: m.index + whole.length };
  });
  const names = namesByInitial(aliases);
  const fixes: Array<{ from: number; to: number; name: string }> = [];
  for (let i = 0; i < words.length; i++) {
    if (fixes.some((f) => f.from <= words[i]!.at && words[i]!.at < f.to)) continue;
    // The nearest name; at one distance, the longest run ("Republic National Distributing Company"
    // over "Republic National"); two companies' names at one distance and length read as neither.
    let found: { name: string; id: number; distance: number; n: number; tie: boolean } | undefined;
    for (let n = 2; n <= 5 && i + n <= words.length; n++) {
      const run = words.slice(i, i + n);
      const key = run.map((w) => w.key).join(" ");
      // A run that holds a name as it is written is no misspelling of another ("E. & J. Gallo").
      if (aliases.has(key) || namesIn(question.slice(run[0]!.at, run.at(-1)!.end), aliases).length) break;
      // Two right words are not a misspelt name; three near a name of three are ("Breakthrough Beverage Group").
      if (n < 3 && run.every((w) => isWord(w.key))) continue;
      for (const [name, id] of names.get(key[0]!) ?? []) {
        const allowed = allowedNameEdits(name.length);
        if (Math.abs(name.length - key.length) > allowed) continue;
        const distance = editDistance(key, name, allowed);
        if (distance > allowed) continue;
        if (!found || distance < found.distance || (distance === found.distance && n > found.n))
          found = { name, id, distance, n, tie: false };
        else if (distance === found.distance && n === found.n && id !== found.id) found.tie = true;
      }
    }
    if (found && !found.tie) {
      const last = words[i + found.n - 1]!;
      fixes.push({ from: words[i]!.at, to: last.at + last.text.length, name: found.name });
    }
  }
  return fixes.reduceRight((text, f) => `${text.slice(0, f.from)}${f.name}${text.slice(f.to)}`, question);
}

/** The placeholder a name is read as when a question is read for what it asks (see `slotNames`). */
export const NAME_SLOT = "xco";

/** Text as a pattern that matches it literally. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The question, folded, with each company or brand it names read as one placeholder word: what it
 * asks is read from its wording around the names, so "How long has Anheuser-Busch been around?"
 * reads like "how long has it been around?", and "Heaven Hill Brands" asks nothing about brands.
 */
export function slotNames(question: string, aliases: Map<string, number[]>): string {
  let text = fold(question);
  const names = namesIn(question, aliases)
    .map((n) => n.name)
    .sort((a, b) => b.length - a.length);
  for (const name of names) {
    // A name key drops apostrophes and spaces hyphens: its letters may carry either again.
    const letters = name
      .split(" ")
      .map((word) => [...word].map(escapeRegExp).join("['’‘`]?"))
      .join("[\\s-]+");
    text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${letters}(?:['’]?s)?(?![\\p{L}\\p{N}])`, "gu"), NAME_SLOT);
  }
  return text;
}

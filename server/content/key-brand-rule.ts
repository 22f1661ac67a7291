// What may stand in a company's key brands (issue 37). The assistant answers "who owns
// X?" and "who carries X?" from them and search matches them, so each must be one
// brand's (or, for a distributor, one supplier's) proper name: "Grey Goose vodka",
// "W.L. Weller", "el Jimador", "Diageo". A category ("Wine", "Craft beer"), a list
// ("Wine and spirits") or a sentence ("Sales to New Jersey retail licensees on credit
// terms…") is not a brand: say it in the profile's prose instead. docs/companies.md
// states the rule.

export const KEY_BRAND_MAX_CHARACTERS = 40;
export const KEY_BRAND_MAX_WORDS = 6;

/** Kinds of drink: written in lower case after a brand's name ("Grey Goose vodka", "ZOA energy drink"). */
const DRINK_WORDS = new Set([
  "wine",
  "wines",
  "spirit",
  "spirits",
  "beer",
  "beers",
  "liquor",
  "ale",
  "ales",
  "lager",
  "lagers",
  "cider",
  "seltzer",
  "cocktail",
  "cocktails",
  "vodka",
  "rum",
  "gin",
  "whiskey",
  "whisky",
  "bourbon",
  "tequila",
  "mezcal",
  "brandy",
  "cognac",
  "champagne",
  "sake",
  "malt",
  "hard",
  "sparkling",
  "energy",
  "drink",
  "drinks",
  "water",
]);

/** Kinds of drink in the plural: a range ("California wines"), never one brand's name. */
const PLURAL_KINDS = new Set([
  "wines",
  "beers",
  "spirits",
  "ales",
  "lagers",
  "ciders",
  "seltzers",
  "cocktails",
  "drinks",
]);

/** Words that describe a trade, an origin or a range rather than name anything. */
const TRADE_WORDS = new Set([
  "craft",
  "imported",
  "import",
  "imports",
  "domestic",
  "local",
  "regional",
  "national",
  "fine",
  "premium",
  "bottled",
  "beverage",
  "beverages",
  "non-alcoholic",
  "rtd",
  "rtds",
  "ready-to-drink",
  "brand",
  "brands",
  "supplier",
  "suppliers",
  "portfolio",
  "products",
  "other",
  "others",
  "various",
  "assorted",
  "selected",
]);

/** Words that only a description has ("About 600 brands", "… such as Surly", "mainly …"), whatever their case. */
const DESCRIPTION_WORDS = new Set([
  "about",
  "such",
  "including",
  "especially",
  "mainly",
  "mostly",
  "total",
  "remaining",
  "own",
]);

/** Words that join a name's parts. */
const CONNECTORS = new Set([
  "and",
  "&",
  "of",
  "the",
  "by",
  "de",
  "del",
  "la",
  "le",
  "el",
  "y",
  "à",
  "di",
  "da",
  "du",
  "des",
  "von",
  "van",
]);

/** A connector elided onto a capitalized word: "Tasca d'Almerita", "Terre dell'Etna". */
const ELIDED = /^(?:d|l|dell|dall|all|nell)['’]\p{Lu}/u;

/** Sentence punctuation: a brand name has none of it (initials such as "W.L." keep their full stops). */
const SENTENCE_MARKS = /[,;:()[\]!?"]/;

/** Why `text` is not a brand name, or undefined when it is one. */
export function keyBrandProblem(text: string): string | undefined {
  const name = text.trim();
  if ([...name].length > KEY_BRAND_MAX_CHARACTERS)
    return `is longer than ${KEY_BRAND_MAX_CHARACTERS} characters: a key brand is a name, not a description`;
  if (SENTENCE_MARKS.test(name)) return "has sentence punctuation: a key brand is one name, not a list or a note";
  const words = name.split(/\s+/);
  if (words.length > KEY_BRAND_MAX_WORDS)
    return `has more than ${KEY_BRAND_MAX_WORDS} words: a key brand is a name, not a description`;
  const described = words.find((w) => DESCRIPTION_WORDS.has(w.toLowerCase()));
  if (described) return `has the word "${described}": a key brand is a name, not a description`;
  const lowerCase = words.find(
    (w) => !/^[\p{Lu}\p{N}]/u.test(w) && !ELIDED.test(w) && !CONNECTORS.has(w) && !DRINK_WORDS.has(w),
  );
  if (lowerCase)
    return `has the word "${lowerCase}": a brand name's words are capitalized, but for connectors and the kind of drink`;
  const generic = (w: string) => DRINK_WORDS.has(w) || TRADE_WORDS.has(w) || CONNECTORS.has(w);
  if (words.every((w) => generic(w.toLowerCase())))
    return "is a category, not a brand: name a brand (or, for a distributor, a supplier) it carries";
  // In lower case only: a supplier's own name may end in one ("Proximo Spirits").
  const range = words.find((w) => PLURAL_KINDS.has(w));
  if (range)
    return `has the word "${range}": a key brand names one brand, not a range of drinks ("California wines", "Anheuser-Busch beers")`;
  return undefined;
}

import { fold } from "#common/content/fold.ts";
import words from "./brand-words.json" with { type: "json" };

// How a registry's brand name ("TITO'S HANDMADE VODKA", "W.L. WELLER") and a key brand of the
// company data ("Tito's Handmade Vodka", "W.L. Weller", "The Kraken rum") are brought to one form
// before they are compared: the words to drop are data (brand-words.json), with their tests.

/** Longest first, so "bourbon whiskey" is dropped before "whiskey" alone. */
const TRAILING = [...words.trailing].sort((a, b) => b.length - a.length);

/** Lower case, accents, apostrophes and full stops dropped, "&" as "and", other marks as spaces. */
export function plainName(name: string): string {
  return fold(name)
    .replace(/['’.]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * The name a brand is compared by: plain, without a leading "the" and without the kinds of drink
 * at its end ("the kraken rum" → "kraken"), unless that would leave nothing ("Rum" stays "rum").
 */
export function brandCore(name: string): string {
  let core = plainName(name).replace(/^the /, "");
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const word of TRAILING)
      if (core.endsWith(` ${word}`)) {
        core = core.slice(0, -word.length - 1);
        dropped = true;
        break;
      }
  }
  return core;
}

/**
 * Whether a registry brand and a key brand are one brand: the same core, or one core starting the
 * other where the shorter is at least two words ("paul masson" and "paul masson grande amber"). A
 * single word never matches a longer name by its start: "jack" is not "jack daniels".
 */
export function sameBrand(registryCore: string, keyCore: string): boolean {
  if (!registryCore || !keyCore) return false;
  if (registryCore === keyCore) return true;
  const [shorter, longer] = registryCore.length < keyCore.length ? [registryCore, keyCore] : [keyCore, registryCore];
  return shorter.includes(" ") && longer.startsWith(`${shorter} `);
}

// The whole-word test of site search, shared by the server (ranking, SQLite's
// contains_word) and by the snippets it sends; no dependencies.

// Room for every name the hub matches (the companies' forms, the brands', the topics': about a
// thousand), so that matching a week's recaps against all of them compiles each pattern once;
// emptied when full, as searches bring needles of their own.
const CACHED = 2000;
const cache = new Map<string, RegExp>();

/** `needle` as a whole word (or words), ignoring case: not inside a longer word on either side. */
export function wholeWord(needle: string): RegExp {
  let pattern = cache.get(needle);
  if (!pattern) {
    if (cache.size >= CACHED) cache.clear();
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(needle)}(?![\\p{L}\\p{N}_])`, "iu");
    cache.set(needle, pattern);
  }
  return pattern;
}

/** Every occurrence of `needle` in any case, as a pattern (global: reset lastIndex before reuse). */
export const anyCase = (needle: string) => new RegExp(escapeRegExp(needle), "giu");

// Only the syntax characters: the "u" flag refuses any other escaped character.
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

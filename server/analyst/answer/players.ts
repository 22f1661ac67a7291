// The companies a topic's coverage is about: those its recaps and episodes name, and the makers of
// the kinds of drink it asks about. A research report places them with their figures.
import { COMPANIES, type Company } from "../../content/companies.server.ts";
import { rankOf } from "../company-facts.ts";
import { brandOwners, namesIn } from "../company-names.ts";
import { DRINK_KINDS, drinkText, drinksIn, kindWords } from "../lexicon/drinks.ts";
import { QUOTAS } from "../tuning.ts";
import type { Passage } from "../hub-corpus.ts";
import type { Hit, HubIndex } from "../hub-index.ts";

const BRANDS = brandOwners(COMPANIES);

/**
 * The companies a report's recaps and episodes name, by name or by a brand they own, in the order
 * the coverage names them: "led by Southern Glazer's, RNDC and Breakthru", "Sazerac bought SVEDKA".
 * A research question about a topic wants these companies' figures, which only their profiles hold.
 */
export function companiesInCoverage(index: HubIndex, hits: Hit[]): Company[] {
  const ids: number[] = [];
  for (const h of hits) for (const id of namedIn(index, h.passage)) if (!ids.includes(id)) ids.push(id);
  return ids.map((id) => COMPANIES.find((c) => c.id === id)).filter((c): c is Company => Boolean(c));
}

// Reading a passage for every company and brand name is the slow part of a report; a passage's
// names never change, so each is read once.
const NAMED_IN = new WeakMap<Passage, number[]>();
export function namedIn(index: HubIndex, passage: Passage): number[] {
  let ids = NAMED_IN.get(passage);
  if (!ids) {
    const text = `${passage.section ?? ""} ${passage.text}`;
    ids = [index.aliases, BRANDS].flatMap((table) => namesIn(text, table).map((n) => n.id));
    NAMED_IN.set(passage, ids);
  }
  return ids;
}

/**
 * The makers a report on a kind of drink should place: those whose profiles say the most about it
 * ("which suppliers are exposed to a duty on cognac" is who sells cognac), two for each kind asked.
 * The kinds and their words are the drink taxonomy's (lexicon/drinks.json); a family with kinds of
 * its own ("spirits", "beer") is too broad to place makers by, and is left to `playersAsked`.
 */
// What each maker's profile says, as phrases are read, once: the words a kind of drink is counted in.
const MAKER_TEXTS = COMPANIES.filter((c) => c.type === "manufacturer").map((c) => ({
  c,
  text: drinkText(
    [
      c.keyBrands.join(" "),
      c.profile?.overview,
      c.profile?.marketPosition,
      c.profile?.strategy,
      c.profile?.recentDevelopments,
    ].join(" "),
  ),
}));

// Each kind's words as one pattern, read once.
const SAID = new Map(DRINK_KINDS.map((kind) => [kind, kindWords([kind], "g")]));

/** Whether a passage names any of the companies, by name or by a brand they own. */
export const namesAnyOf = (index: HubIndex, passage: Passage, companies: readonly Company[]) =>
  namedIn(index, passage).some((id) => companies.some((c) => c.id === id));

/** Two makers for each kind of drink a question names, the ones whose profiles say the most of it. */
export function makersOf(question: string): Company[] {
  const out: Company[] = [];
  for (const kind of drinksIn(question)) {
    if (!kind.within.length && kind.allWords.length > kind.words.length) continue;
    const said = SAID.get(kind)!;
    const counted = MAKER_TEXTS.map(({ c, text }) => ({ c, n: text.match(said)?.length ?? 0 }))
      .filter((x) => x.n >= QUOTAS.makerMentions)
      .sort((a, b) => b.n - a.n || rankOf(a.c) - rankOf(b.c));
    for (const { c } of counted.slice(0, QUOTAS.makersPerKind)) if (!out.includes(c)) out.push(c);
  }
  return out;
}

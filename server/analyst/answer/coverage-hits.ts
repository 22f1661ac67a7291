// Which of the hub's passages cover a question: the search's hits weighed for coverage, narrowed
// to the places a question names, widened beside a company it names in passing, and chosen so every
// covering source gets its place before one long source gets a second.
import type { Company } from "../../content/companies.server.ts";
import { factIntents } from "../company-facts.ts";
import { NAME_SLOT, slotNames } from "../company-names.ts";
import { sourceOf, type Hit, type HubIndex } from "../hub-index.ts";
import { drinksIn, type DrinkKind } from "../lexicon/drinks.ts";
import { COVERAGE, QUOTAS } from "../tuning.ts";

/**
 * The best hits of up to `sources` distinct sources, at most `perSource` from each and `cap` in
 * all: every covering source gets its place before any one long recap (or one episode's many
 * moments) gets a second. They come grouped by source, in the order of each source's best hit.
 */
export function distinctSources(hits: Hit[], sources: number, perSource = 1, cap = sources * perSource): Hit[] {
  const bySource = new Map<string, Hit[]>();
  for (const hit of hits) {
    const key = sourceOf(hit.passage);
    const taken = bySource.get(key);
    if (taken) taken.push(hit);
    else if (bySource.size < sources) bySource.set(key, [hit]);
  }
  const chosen = new Set<Hit>();
  for (let round = 0; round < perSource && chosen.size < cap; round++)
    for (const taken of bySource.values()) {
      if (chosen.size === cap) break;
      const hit = taken[round];
      if (hit) chosen.add(hit);
    }
  return [...bySource.values()].flat().filter((h) => chosen.has(h));
}

/**
 * The hits that cover a question: weak matches are not coverage. A hit must carry at least half
 * of the question's weight of terms (rare terms weigh more, so "NA beer" does not bring every
 * passage about beer), counted over its whole recap or episode, and score near the best of its
 * kind (a recap section is shorter than a profile). With a word the hub never uses, half is not
 * enough: "sake sales in Nevada" is not covered by Nevada.
 */
export function coveringHits(index: HubIndex, query: string, hits: Hit[]): Hit[] {
  const best = new Map<string, number>();
  for (const h of hits) if (!best.has(h.passage.kind)) best.set(h.passage.kind, h.score);
  const unknown = index.unknownWords(query);
  const covers = (share: number) => (unknown.length ? share > COVERAGE.share : share >= COVERAGE.share);
  const share = (h: Hit) => (h.passage.kind === "company" ? h.coverage : h.sourceCoverage);
  // The source that covers the most of the question is never dropped for scoring low: a recap that
  // names "mezcal" once is more on "mezcal as a base spirit" than one that says "spirits-based" ten times.
  const most = new Map<string, number>();
  for (const h of hits) most.set(h.passage.kind, Math.max(most.get(h.passage.kind) ?? 0, share(h)));
  return (
    hits
      .filter(
        (h) =>
          h.coverage > 0 &&
          covers(share(h)) &&
          (h.score >= best.get(h.passage.kind)! * COVERAGE.scoreFloor || share(h) >= most.get(h.passage.kind)!),
      )
      // Those covering more of it come first, by tenths of the question, then by score.
      .sort((a, b) => Math.round(10 * share(b)) - Math.round(10 * share(a)) || b.score - a.score)
  );
}

/**
 * Whether a question is about kinds of drink the hub has never named (by any of their words or their
 * narrower kinds'): each of its parts that names a topic names such a kind and no other. One part
 * on something the hub covers ("holiday gift packs and marzipan liqueur") is answered with the rest
 * said to be missing.
 */
export function strangeDrinks(index: HubIndex, searched: string, drinks: string[]): boolean {
  if (!drinks.length) return false;
  const unnamed = (kind: DrinkKind) =>
    !kind.allWords.some((phrase) => phrase.split(" ").every((word) => index.knows(word)));
  const parts = clausesOf(index, searched);
  return (
    parts.length > 0 &&
    parts.every((part) => {
      const kinds = drinksIn(part);
      return kinds.length > 0 && kinds.every(unnamed);
    })
  );
}

/**
 * The covering hits, and after them the recaps and episodes that cover the rest of a question naming
 * a company, when the rest names a topic of its own: "is vodka losing steam? even Tito's looked flat"
 * is about vodka, which the recaps cover without naming Tito's; the company's name, weighed as part
 * of the topic, sank them.
 */
export function besideNamed(
  index: HubIndex,
  searched: string,
  covering: Hit[],
  named: Company[],
  deep: boolean,
): Hit[] {
  if (!named.length) return covering;
  const rest = slotNames(searched, index.aliases).replaceAll(NAME_SLOT, " ");
  if (!index.topicGroups(rest).length) return covering;
  return withRecapsCovering(index, covering, rest, deep ? 40 : 20);
}

/**
 * The covering hits, and after them the recaps and episodes that cover the sentences that ask, when
 * others only set the scene: "is american whiskey holding up? seeing mixed signals on bulk whiskey"
 * asks about American whiskey, which the recaps cover without the word "bulk" the rest adds.
 */
export function besideStatements(index: HubIndex, searched: string, covering: Hit[]): Hit[] {
  const sentences = searched.match(/[^.?!]+[.?!]*/g)?.map((s) => s.trim()) ?? [];
  const asking = sentences.filter((s) => s.endsWith("?"));
  const telling = sentences.filter((s) => !s.endsWith("?") && index.topicGroups(s).length > 0);
  if (!asking.length || !telling.length) return covering;
  const asked = asking.join(" ");
  if (!index.topicGroups(asked).length) return covering;
  return withRecapsCovering(index, covering, asked, 20);
}

/** The covering hits, then the recaps and episodes that cover a part of the question, not found already. */
function withRecapsCovering(index: HubIndex, covering: Hit[], part: string, limit: number): Hit[] {
  const found = new Set(covering.map((h) => h.passage));
  return [
    ...covering,
    ...coveringHits(index, part, index.search(part, limit, { perKind: true })).filter(
      (h) => h.passage.kind !== "company" && !found.has(h.passage),
    ),
  ];
}

/**
 * The covering hits narrowed to the sources that name the places a question asks about ("tequila in
 * Chicago"), when any recap or episode does; else its recaps and episodes, with the places unnamed.
 */
export function inPlaces(index: HubIndex, places: string[], hits: Hit[]): { hits: Hit[]; unnamed: string[] } {
  if (!places.length) return { hits, unnamed: [] };
  const naming = new Set(
    places.flatMap((place) =>
      index
        .search(place, QUOTAS.placePassages, { perKind: true })
        .filter((h) => h.coverage === 1)
        .map((h) => sourceOf(h.passage)),
    ),
  );
  // A profile names its company's places (its base, the states it covers): one that does not name
  // the place is about elsewhere. A recap or an episode that does not is still on the topic.
  const there = hits.filter((h) => naming.has(sourceOf(h.passage)));
  return there.some((h) => h.passage.kind !== "company")
    ? { hits: there, unnamed: [] }
    : { hits: hits.filter((h) => h.passage.kind !== "company"), unnamed: places };
}

/** Beside a part that asks for a fact the company data holds, the parts that ask for none, where they name a topic. */
export function otherPart(index: HubIndex, question: string): string {
  const parts = clausesOf(index, question);
  const others = parts.filter((part) => !factIntents(part).length);
  return others.length < parts.length ? others.join(" ") : "";
}

/** The parts of a question that each name a topic: split at punctuation, "and", "or" and " - ". */
export function clausesOf(index: HubIndex, question: string): string[] {
  return question
    .split(/[,;:?!./()]+|\s[-–—]\s|\b(?:and|or|plus|then|also)\b/i)
    .map((part) => part.trim())
    .filter((part) => index.topicGroups(part).length > 0);
}

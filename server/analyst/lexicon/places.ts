import { z } from "zod";
import { fold } from "#common/content/fold.ts";
import { US_STATES } from "../us-states.ts";
import file from "./places.json" with { type: "json" };

// Places in the United States a question narrows its topic to: words as data (places.json), beside the states.

const names = z.array(z.string().min(1)).min(1);
const fileSchema = z.object({ about: z.string().min(1), cities: names, regions: names }).strict();

export const PLACES = fileSchema.parse(file);

/** Every place, by its folded name without a leading "the": the gazetteer's and the states', as they are written. */
export const PLACE_NAMES: ReadonlyMap<string, string> = new Map(
  [...PLACES.cities, ...PLACES.regions, ...US_STATES.map(([name]) => name)].map((name) => [
    placeKey(name),
    name.replace(/^the /, ""),
  ]),
);

/** How a place is looked up: folded, in lower case, without a leading "the", stops and commas. */
export function placeKey(name: string): string {
  return fold(name)
    .toLowerCase()
    .replace(/[.,]/g, "")
    .replace(/^the\s+/, "")
    .replace(/\s+/g, " ")
    .trim();
}

// The words that put a topic in a place: "in Chicago", "across the Midwest".
const LOCATIVE = /\b(?:in|at|across|around|near|throughout|outside|inside|among|within)\s+(?:the\s+)?/gi;
/** Up to three words after it ("Salt Lake City", "St. Louis"), stopping at punctuation. */
const FOLLOWING = /^([\p{L}][\p{L}'’.-]*)(?: ([\p{L}][\p{L}'’.-]*))?(?: ([\p{L}][\p{L}'’.-]*))?/u;
/** Words shortened with a stop inside a place's name: "St. Louis", "Ft. Worth". */
const ABBREVIATED = /^(?:st|ft|mt)\.$/i;

/**
 * The U.S. places a question narrows its topic to ("tequila in Chicago"), as the gazetteer writes
 * them: the longest run of words after "in", "across" and the like that it or the states name.
 * Give it the question with company and brand names slotted out: "at the Boston Beer Company" is
 * not in Boston.
 */
export function placesIn(question: string): string[] {
  const found: string[] = [];
  for (const m of question.matchAll(LOCATIVE)) {
    const following = (FOLLOWING.exec(question.slice(m.index + m[0].length)) ?? []).slice(1);
    // A word ending in a stop ends the place ("in the U.S. Who owns…"), but for "St." and the like.
    const end = following.findIndex((w) => w && /\.$/.test(w) && !ABBREVIATED.test(w));
    const words = following
      .slice(0, end < 0 ? undefined : end + 1)
      .filter((w): w is string => Boolean(w))
      .map((w) => (ABBREVIATED.test(w) ? w : w.replace(/[.'’-]+$/, "")));
    for (let n = words.length; n > 0; n--) {
      const place = PLACE_NAMES.get(placeKey(words.slice(0, n).join(" ")));
      if (place) {
        found.push(place);
        break;
      }
    }
  }
  return found;
}

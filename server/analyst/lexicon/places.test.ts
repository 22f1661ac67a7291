import { describe, expect, it } from "vitest";
import { PLACE_NAMES, PLACES, placeKey, placesIn } from "./places.ts";
import { US_STATES } from "../us-states.ts";

describe("the places lexicon", () => {
  it("lists a place once, and no state, which are kept with the company facts", () => {
    const states = new Set(US_STATES.map(([name]) => placeKey(name)));
    const seen = new Set<string>();
    for (const name of [...PLACES.cities, ...PLACES.regions]) {
      const key = placeKey(name);
      expect(seen.has(key), `${name} is listed twice`).toBe(false);
      expect(states.has(key), `${name} is a state`).toBe(false);
      seen.add(key);
    }
    expect(PLACE_NAMES.get("texas")).toBe("Texas");
  });

  it("reads the places a topic is narrowed to, as the gazetteer writes them, longest first", () => {
    expect(placesIn("What has the hub said about tequila in Chicago?")).toEqual(["Chicago"]);
    expect(placesIn("tequila in salt lake city")).toEqual(["Salt Lake City"]);
    expect(placesIn("rtd in St. Louis, and beer across the midwest")).toEqual(["St. Louis", "Midwest"]);
    expect(placesIn("how is gin doing in iowa?")).toEqual(["Iowa"]);
    expect(placesIn("What is selling in New York City bars?")).toEqual(["New York City"]);
  });

  it("reads no place where none is named after a word that puts a topic somewhere", () => {
    expect(placesIn("trends in sake")).toEqual([]);
    expect(placesIn("beer prices in Germany")).toEqual([]);
    expect(placesIn("Chicago distributors")).toEqual([]);
    // A stop ends the place: "in the U.S. Who owns" is not a place called "U.S. Who".
    expect(placesIn("recovering in the U.S. Who owns it?")).toEqual([]);
  });
});

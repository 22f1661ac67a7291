import { describe, expect, it } from "vitest";
import { makersOf } from "./players.ts";

const names = (question: string) => makersOf(question).map((c) => c.name);

describe("the makers a report on a kind of drink places", () => {
  it("are those whose profiles say the most of each kind the question names, by the taxonomy's words", () => {
    expect(names("tariff risk on cognac and Scotch")).toEqual(
      expect.arrayContaining(["Moët Hennessy USA", "William Grant & Sons USA"]),
    );
    expect(names("who's positioned for agave?")).toContain("Proximo Spirits");
    expect(names("the bourbon glut")).toContain("Heaven Hill Brands");
    expect(names("non-alcoholic")).toEqual(["Heineken USA"]);
  });

  it("are none for a whole family, which is too broad to place makers by", () => {
    expect(names("the big spirits suppliers")).toEqual([]);
    expect(names("beer and wine")).toEqual([]);
  });
});

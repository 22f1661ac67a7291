import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { importedSentence, ImportTime } from "./data-import-form";

const outcome = {
  importId: 2,
  unchanged: false,
  importedAt: "2026-11-27T15:00:00.000Z",
  rowsRead: 280_736,
  rowsKept: 280_734,
  rowsRefused: 2,
  firstPeriod: "2015-01",
  lastPeriod: "2020-10",
  periodsAdded: 70,
  periodsReplaced: 0,
};

describe("the Data page's import outcome", () => {
  it("says what an import kept, added and replaced, in words that count right", () => {
    expect(importedSentence("liquor_sales.csv.gz", outcome)).toBe(
      "Imported liquor_sales.csv.gz: 280,734 rows kept, 2 refused, 70 months added.",
    );
    expect(
      importedSentence("later.csv", { ...outcome, rowsKept: 1, rowsRefused: 0, periodsAdded: 1, periodsReplaced: 3 }),
    ).toBe("Imported later.csv: 1 row kept, 0 refused, 1 month added, 3 replaced.");
  });

  it("renders an import's time on the server, in UTC with the zone named (the member's zone comes after hydration)", () => {
    expect(renderToString(<ImportTime iso={outcome.importedAt} />)).toBe(
      '<time dateTime="2026-11-27T15:00:00.000Z">Nov 27, 2026, 3:00 PM UTC</time>',
    );
  });
});

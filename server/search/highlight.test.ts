import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { plainText, snippetAround } from "./highlight.ts";

const HOLIDAY = fs.readFileSync(
  path.resolve(import.meta.dirname, "../../content/recaps/2026-11-20-holiday-shelf-sets.md"),
  "utf8",
);
const body = HOLIDAY.replace(/^---[^]*?---\n/, "");

describe("plainText", () => {
  it("renders tables, emphasis, links, headings and list markers to the words a reader sees", () => {
    const text = plainText(
      [
        "## Price *bands*",
        "",
        "- **Gift packs** are [back](https://example.com/x), see ![a chart](/c.png)",
        "1. `RTD` cans",
        "",
        "| Band | Facings |",
        "|---|:---:|",
        "| Under $15 | ~~Flat~~ |",
        "",
        "<div>raw</div>",
      ].join("\n"),
    );
    expect(text).toBe("Price bands Gift packs are back, see a chart RTD cans Band Facings Under $15 Flat");
  });

  it("cuts a snippet of the demo recap's table as text, with the match marked", () => {
    const snippet = snippetAround(plainText(body), "holiday facings");
    expect(snippet.text).not.toMatch(/[|*#]|---|\]\(/);
    expect(snippet.text).toContain("Band Holiday facings vs. last year Read-through Under $15 Flat");
    const [[start, end]] = snippet.marks as [[number, number]];
    expect(snippet.text.slice(start, end)).toBe("Holiday facings");
  });
});

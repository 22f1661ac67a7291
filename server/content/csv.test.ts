import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

const BOM = "\uFEFF";

describe("toCsv", () => {
  it("writes plain fields as they are, CRLF line endings and a UTF-8 byte-order mark", () => {
    expect(
      toCsv([
        ["Rank", "Company"],
        ["1", "Bacardí"],
      ]),
    ).toBe(`${BOM}Rank,Company\r\n1,Bacardí\r\n`);
  });

  it("quotes fields with commas, quotes or line breaks and doubles the quotes", () => {
    expect(toCsv([["St. Louis, MO", 'The "Big" One', "two\nlines", "cr\rhere"]])).toBe(
      `${BOM}"St. Louis, MO","The ""Big"" One","two\nlines","cr\rhere"\r\n`,
    );
  });

  it("keeps a cell that looks like a formula from running in a spreadsheet", () => {
    expect(toCsv([['=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", "plain=fine"]])).toBe(
      `${BOM}"'=HYPERLINK(""x"")",'+1,'-2+3,'@SUM(A1),plain=fine\r\n`,
    );
  });

  it("leaves a negative number a number (a market figure's change), not text", () => {
    expect(toCsv([["-2", "-0.018393", "-1.5e3"]])).toBe(`${BOM}-2,-0.018393,'-1.5e3\r\n`);
  });

  it("keeps empty fields", () => {
    expect(toCsv([["a", "", "c"]])).toBe(`${BOM}a,,c\r\n`);
  });
});

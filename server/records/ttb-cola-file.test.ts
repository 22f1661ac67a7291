import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readColaFile, type ColaRow } from "./ttb-cola-file.ts";

// Recorded samples written from the registry export's documented format (issue 41): these rows are
// made up for the test, not real approvals.
const FULL_HEADER =
  "TTB ID,Permit No.,Serial Number,Completed Date,Fanciful Name,Brand Name,Origin,Origin Desc,Class/Type,Class/Type Desc";
const SHORT_HEADER = "TTB ID,Permit No.,Serial Number,Completed Date,Fanciful Name,Brand Name,Origin,Class/Type";

async function read(text: string | Buffer): Promise<{ rows: ColaRow[]; rowsRead: number; checksum: string }> {
  const rows: ColaRow[] = [];
  const summary = await readColaFile(Readable.from([Buffer.from(text)]), (row) => rows.push(row));
  return { rows, ...summary };
}

describe("a TTB Public COLA Registry export", () => {
  it("reads each approval, the TTB ID without its apostrophes and the date as a day", async () => {
    const { rows, rowsRead } = await read(
      [
        FULL_HEADER,
        `'24001001000123,KY-I-123,240001,01/15/2024,SMALL BATCH,SAMPLE BRAND,22,KENTUCKY,101,STRAIGHT BOURBON WHISKY`,
        `'24002001000456',DSP-TX-5,240002,12/31/2024,"RESERVE, CASK STRENGTH","SAMPLE ""QUOTED"" BRAND",49,TEXAS,141,"OTHER WHISKY, BLENDED"`,
      ].join("\r\n"),
    );
    expect(rowsRead).toBe(2);
    expect(rows[0]).toEqual({
      ttbId: "24001001000123",
      permitNumber: "KY-I-123",
      serialNumber: "240001",
      completed: "2024-01-15",
      fancifulName: "SMALL BATCH",
      brandName: "SAMPLE BRAND",
      origin: "22",
      originDescription: "KENTUCKY",
      classType: "101",
      classTypeDescription: "STRAIGHT BOURBON WHISKY",
    });
    // Quoted fields keep their commas and quotes; a trailing apostrophe goes too.
    expect(rows[1]).toMatchObject({
      ttbId: "24002001000456",
      completed: "2024-12-31",
      fancifulName: "RESERVE, CASK STRENGTH",
      brandName: 'SAMPLE "QUOTED" BRAND',
      classTypeDescription: "OTHER WHISKY, BLENDED",
    });
  });

  it("reads the export without the two Desc columns, and a file that starts with a byte-order mark", async () => {
    const { rows } = await read(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(`${SHORT_HEADER}\n'24003001000789,NY-I-9,240003,3/5/2024,,SAMPLE GIN,33,151\n`),
      ]),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        ttbId: "24003001000789",
        completed: "2024-03-05",
        fancifulName: "",
        classType: "151",
        originDescription: undefined,
        classTypeDescription: undefined,
      }),
    ]);
  });

  it("gives the same checksum for the same bytes, and another for other bytes", async () => {
    const file = `${SHORT_HEADER}\n'24003001000789,NY-I-9,240003,03/05/2024,,SAMPLE GIN,33,151\n`;
    expect((await read(file)).checksum).toBe((await read(file)).checksum);
    expect((await read(file)).checksum).not.toBe((await read(file.replace("GIN", "RUM"))).checksum);
  });

  it("refuses a malformed file, naming the line and the column", async () => {
    const row = (id: string, date = "01/15/2024", brand = "SAMPLE BRAND") =>
      `${id},KY-I-123,240001,${date},,${brand},22,101`;
    await expect(read("Id,Brand\n1,x\n")).rejects.toThrow(/^Line 1: the header is not the registry's export/);
    await expect(read("")).rejects.toThrow("Line 1: the file is empty");
    await expect(read(`${SHORT_HEADER}\n${row("'24001001000123")}\n${row("'ABC")}\n`)).rejects.toThrow(
      `Line 3, column TTB ID: "'ABC" is not a TTB ID.`,
    );
    await expect(read(`${SHORT_HEADER}\n${row("'24001001000123", "02/30/2024")}\n`)).rejects.toThrow(
      `Line 2, column Completed Date: "02/30/2024" is not a date as MM/DD/YYYY.`,
    );
    await expect(read(`${SHORT_HEADER}\n${row("'24001001000123", "2024-01-15")}\n`)).rejects.toThrow(
      /Line 2, column Completed Date/,
    );
    await expect(read(`${SHORT_HEADER}\n${row("'24001001000123", "01/15/2024", "")}\n`)).rejects.toThrow(
      "Line 2, column Brand Name: the approval names no brand.",
    );
    await expect(read(`${SHORT_HEADER}\n'24001001000123,KY-I-123\n`)).rejects.toThrow(
      /^Line 2: not a readable CSV row/,
    );
    await expect(read(`${SHORT_HEADER}\n"'24001001000123,KY\n`)).rejects.toThrow(/not a readable CSV row/);
  });
});

import { Readable } from "node:stream";

// Recorded samples of TTB's Public COLA Registry export, written from its documented format
// (docs/public-records.md) for the tests: the rows are made up, not real approvals. Brand names are
// the Top Players' real key brands, so that the join has something to find.

export const COLA_FULL_HEADER =
  "TTB ID,Permit No.,Serial Number,Completed Date,Fanciful Name,Brand Name,Origin,Origin Desc,Class/Type,Class/Type Desc";
export const COLA_SHORT_HEADER =
  "TTB ID,Permit No.,Serial Number,Completed Date,Fanciful Name,Brand Name,Origin,Class/Type";

export interface SampleApproval {
  ttbId: string;
  permit: string;
  /** YYYY-MM-DD. */
  day: string;
  fanciful: string;
  brand: string;
  classType?: [string, string];
}

/** One sample approval, under a Kentucky distillery's permit unless told. */
export const sampleApproval = (
  ttbId: string,
  day: string,
  brand: string,
  fanciful = "",
  permit = "DSP-KY-9",
): SampleApproval => ({ ttbId, permit, day, fanciful, brand });

const mdY = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const quoted = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** An export of the full layout (the TTB ID written as the export writes it, with its apostrophe). */
export function colaCsv(approvals: readonly SampleApproval[], options: { bom?: boolean } = {}): string {
  const lines = approvals.map((a, i) => {
    const [code, desc] = a.classType ?? ["101", "STRAIGHT BOURBON WHISKY"];
    return [
      `'${a.ttbId}${i % 2 ? "'" : ""}`,
      a.permit,
      String(240000 + i),
      mdY(a.day),
      quoted(a.fanciful),
      quoted(a.brand),
      "22",
      "KENTUCKY",
      code,
      quoted(desc),
    ].join(",");
  });
  return `${options.bom ? "\uFEFF" : ""}${[COLA_FULL_HEADER, ...lines].join("\r\n")}\r\n`;
}

export const colaStream = (text: string) => Readable.from([Buffer.from(text)]);

/** The day `days` before `from`, as YYYY-MM-DD (UTC). */
export const daysBefore = (from: Date, days: number) =>
  new Date(from.getTime() - days * 86_400_000).toISOString().slice(0, 10);

import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import JSONParser from "@streamparser/json-node/jsonparser.js";
import { z } from "zod";
import type { FiledMeasure } from "../db/schema.ts";
import { checksumStream } from "../market/file-checksum.ts";
import { ImportRefused } from "../market/iowa-file.ts";
import { measureOf } from "./sec-concepts.ts";

// EDGAR's two JSON files about one filer, as the operator saved them (issue 41; docs/public-records.md):
// companyfacts (every XBRL fact the filer reported, by taxonomy and concept) and submissions (its
// filings, as columns of equal length). Read value by value, never held whole: only the concepts
// the hub reads are kept, one at a time.

/** One figure as one filing reported it. */
export interface FactRow {
  taxonomy: string;
  concept: string;
  measure: FiledMeasure;
  unit: string;
  start: string;
  end: string;
  value: number;
  accession: string;
  fiscalYear: number | null;
  fiscalPeriod: string | null;
  form: string;
  filedOn: string;
}

/** One filing as the submissions file lists it. */
export interface FilingRow {
  accession: string;
  form: string;
  filedOn: string;
  reportDate: string | null;
  primaryDocument: string | null;
}

export type SecFile =
  | { kind: "companyfacts"; cik: number; name: string; facts: FactRow[]; factsRead: number; instants: number }
  | { kind: "submissions"; cik: number; name: string; filings: FilingRow[] };

const day = z.iso.date("expected a date (YYYY-MM-DD)");
const accession = z.string().regex(/^\d{10}-\d{2}-\d{6}$/, "expected an accession number such as 0000014693-24-000086");
const factSchema = z.object({
  start: day.optional(),
  end: day,
  val: z.number("expected a number").finite(),
  accn: accession,
  fy: z.number().int().nullable().optional(),
  fp: z.string().nullable().optional(),
  form: z.string().min(1, "expected the filing's form"),
  filed: day,
});
const recentSchema = z.object({
  accessionNumber: z.array(accession),
  filingDate: z.array(day),
  reportDate: z.array(z.union([day, z.literal("")])),
  form: z.array(z.string()),
  primaryDocument: z.array(z.string()),
});
const cikSchema = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number),
]);

/** "facts.us-gaap.Revenues.units.USD[3].end": where a refused value sits in the file. */
const pathOf = (parts: ReadonlyArray<string | number | symbol>) =>
  parts.map((p, i) => (typeof p === "number" ? `[${p}]` : `${i === 0 ? "" : "."}${String(p)}`)).join("");

function refuse(at: ReadonlyArray<string | number>, error: z.ZodError): never {
  const issue = error.issues[0]!;
  throw new ImportRefused(`${pathOf([...at, ...issue.path])}: ${issue.message}; nothing was imported.`);
}

/** The periodic reports a submissions file's filings are kept for (the others are counted, not kept). */
export const PERIODIC_FORMS = new Set(["10-K", "10-Q", "20-F", "40-F", "10-KT", "20-FR"]);
export const isPeriodic = (form: string) => PERIODIC_FORMS.has(form.replace(/\/A$/, ""));

/**
 * Reads a saved companyfacts or submissions file, whichever it is. Refuses, naming the path: a file
 * that is neither, a filer without its CIK, a fact of a concept the hub reads that is not a figure
 * with its dates, its filing and its form, a submissions file whose columns differ in length.
 */
export async function readSecFile(input: Readable): Promise<SecFile & { checksum: string }> {
  const checksum = checksumStream();
  let cik: number | undefined;
  let name = "";
  const facts: FactRow[] = [];
  let factsRead = 0;
  let instants = 0;
  let filings: FilingRow[] | undefined;
  let sawFacts = false;
  const parser = new JSONParser({
    paths: ["$.cik", "$.entityName", "$.name", "$.facts.*.*", "$.filings.recent"],
    keepStack: false,
  });
  const values = new Transform({
    objectMode: true,
    transform(
      { value, key, stack }: { value: unknown; key: string | number; stack: Array<{ key?: unknown }> },
      _enc,
      done,
    ) {
      try {
        const depth = stack.length;
        if (depth === 1 && key === "cik") {
          const read = cikSchema.safeParse(value);
          if (!read.success) refuse(["cik"], read.error);
          cik = read.data;
        } else if (depth === 1 && (key === "entityName" || key === "name")) {
          name = typeof value === "string" ? value.trim() : "";
        } else if (depth === 3 && stack[1]?.key === "facts") {
          sawFacts = true;
          const taxonomy = String(stack[2]?.key);
          const concept = String(key);
          const measure = measureOf(taxonomy, concept);
          if (measure) {
            const units = (value as { units?: Record<string, unknown> } | null)?.units;
            const usd = units?.USD;
            if (usd !== undefined && !Array.isArray(usd))
              throw new ImportRefused(
                `facts.${taxonomy}.${concept}.units.USD: expected an array of facts; nothing was imported.`,
              );
            (usd ?? []).forEach((raw: unknown, i: number) => {
              factsRead++;
              const read = factSchema.safeParse(raw);
              if (!read.success) refuse(["facts", taxonomy, concept, "units", "USD", i], read.error);
              const f = read.data;
              // A revenue or excise figure is for a period: a value at an instant is not one the hub can place.
              if (!f.start) return void instants++;
              if (f.start > f.end)
                throw new ImportRefused(
                  `facts.${taxonomy}.${concept}.units.USD[${i}]: the period starts (${f.start}) after it ends (${f.end}); nothing was imported.`,
                );
              facts.push({
                taxonomy,
                concept,
                measure,
                unit: "USD",
                start: f.start,
                end: f.end,
                value: f.val,
                accession: f.accn,
                fiscalYear: f.fy ?? null,
                fiscalPeriod: f.fp ?? null,
                form: f.form.trim(),
                filedOn: f.filed,
              });
            });
          }
        } else if (depth === 2 && key === "recent") {
          const read = recentSchema.safeParse(value);
          if (!read.success) refuse(["filings", "recent"], read.error);
          const r = read.data;
          const length = r.accessionNumber.length;
          for (const column of ["filingDate", "reportDate", "form", "primaryDocument"] as const)
            if (r[column].length !== length)
              throw new ImportRefused(
                `filings.recent.${column}: ${r[column].length} values where accessionNumber has ${length}; nothing was imported.`,
              );
          filings = r.accessionNumber.map((accn, i) => ({
            accession: accn,
            form: r.form[i]!.trim(),
            filedOn: r.filingDate[i]!,
            reportDate: r.reportDate[i] || null,
            primaryDocument: r.primaryDocument[i] || null,
          }));
        }
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  try {
    await pipeline([input, checksum.stream, parser, values]);
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    throw new ImportRefused(`The file is not EDGAR's JSON: ${(error as Error).message}`);
  }
  if (cik === undefined)
    throw new ImportRefused("cik: the file names no filer (CIK); expected EDGAR's companyfacts or submissions JSON.");
  if (sawFacts) return { kind: "companyfacts", cik, name, facts, factsRead, instants, checksum: checksum.digest() };
  if (filings) return { kind: "submissions", cik, name, filings, checksum: checksum.digest() };
  throw new ImportRefused(
    "The file holds neither facts nor filings.recent: expected EDGAR's companyfacts or submissions JSON.",
  );
}

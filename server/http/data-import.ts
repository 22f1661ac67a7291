import { finished, Transform, type Readable } from "node:stream";
import type { Request } from "express";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import { ImportRefused } from "../market/iowa-file.ts";
import { importIowaFile } from "../market/iowa-import.ts";
import type { ImportResult } from "../market/market-store.ts";
import { importColaFile } from "../records/ttb-cola-import.ts";
import { importCensusFile } from "../records/census-hs2208-import.ts";
import { importSecFile } from "../records/sec-companyfacts-import.ts";
import { HttpError } from "./errors.ts";
import { parseBody, uploadName } from "./publishing-api/request-schemas.ts";

// One way a market-data file gets in, whoever sends it: the publishing API (`hub data import`,
// Bearer token) and the desk's upload (session, with or without JavaScript) both come here.

/** The sources a file can be imported into, by the name `hub data import` and the desk use. */
const IMPORTERS = {
  "iowa-liquor-sales": importIowaFile,
  "ttb-cola": (db, input, fileName) => importColaFile(db, input, fileName),
  "census-hs2208": importCensusFile,
  "sec-companyfacts": (db, input, fileName) => importSecFile(db, input, fileName),
} as const satisfies Record<string, Importer>;

export type Importer = (db: Database["db"], input: Readable, fileName: string) => Promise<ImportResult>;

/** The importer of a source; an unknown source is refused with `status` (the APIs differ: a path or a field). */
export function importerFor(source: string | undefined, status: 400 | 404): Importer {
  const importer = IMPORTERS[source as keyof typeof IMPORTERS] as Importer | undefined;
  if (!importer) throw new HttpError(status, `Unknown source: use ${Object.keys(IMPORTERS).join(", ")}`);
  return importer;
}

/** How a file's own bytes may be labelled (gzip is told from the bytes, whatever the label says). */
export const FILE_TYPES = [
  "text/csv",
  "application/json",
  "text/plain",
  "application/gzip",
  "application/x-gzip",
  "application/octet-stream",
];

/** The file's name as the import records it: a plain file name of at most 200 characters. */
export function importName(raw: unknown): string {
  const { name } = parseBody(z.object({ name: uploadName.optional() }), {
    name: typeof raw === "string" && raw !== "" ? raw : undefined,
  });
  return name ?? "upload";
}

const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most an import may be; nothing was imported.`,
  );

/**
 * The request's body as it arrives, never held whole: an honest Content-Length over `maxBytes`
 * is refused before a byte is read, and any body is refused (413) as soon as it passes it.
 * An upload cut off by its sender ends the import (400) rather than leaving it waiting.
 * Call `release` once the import is over, whatever its outcome.
 */
export function requestBody(req: Request, maxBytes: number): { body: Readable; release: () => void } {
  if (Number(req.get("content-length") ?? 0) > maxBytes) throw tooLarge(maxBytes);
  let bytes = 0;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(tooLarge(maxBytes));
      done(null, chunk);
    },
  });
  // Its reader hears its errors; one that comes after the reader has gone (a sender hanging up
  // after a refusal) must not be an unhandled 'error' event.
  body.on("error", () => {});
  finished(req, (error) => {
    if (error && !body.destroyed)
      body.destroy(new HttpError(400, "The upload stopped before the file's end; nothing was imported."));
  });
  req.pipe(body);
  return {
    body,
    // What the import did not read is read and dropped, so that a sender still sending gets its
    // answer (early-answers.ts closes the connection after it) instead of a stalled upload.
    release() {
      req.unpipe(body);
      if (!req.complete) req.resume();
    },
  };
}

/** Imports one file; a file the importer refuses is a 422 with its sentence (the line and the column). */
export async function importFile(
  database: Database,
  importer: Importer,
  input: Readable,
  fileName: string,
): Promise<ImportResult> {
  try {
    return await importer(database.db, input, fileName);
  } catch (error) {
    if (error instanceof ImportRefused) throw new HttpError(422, error.message);
    throw error;
  }
}

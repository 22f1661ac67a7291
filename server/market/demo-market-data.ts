import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { CONTENT_DIR } from "../content/demo-content.ts";
import type { DB } from "../db/schema.ts";
import { importIowaFile } from "./iowa-import.ts";
import { IOWA_SOURCE } from "./iowa-source.ts";
import type { ImportResult } from "./market-store.ts";

/** The demo's market data: Iowa's real sales, summed statewide by month and category (content/make-market-sample.ts). */
export const DEMO_MARKET_FILE = path.join(CONTENT_DIR, "market-data", "iowa-statewide.csv.gz");

/**
 * Imports the demo's statewide Iowa figures into a database whose Iowa source has never been
 * imported. Once the operator imports a file of their own, the demo is never read again: its
 * months would replace the operator's county figures.
 */
export async function seedDemoMarketData(db: Kysely<DB>): Promise<ImportResult | undefined> {
  const any = await db
    .selectFrom("data_imports")
    .select("id")
    .where("source_id", "=", IOWA_SOURCE.id)
    .executeTakeFirst();
  if (any) return undefined;
  return importIowaFile(db, fs.createReadStream(DEMO_MARKET_FILE), path.basename(DEMO_MARKET_FILE));
}

import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { LabelsLookup } from "#server/analyst/intents/labels/labels-answer.ts";
import type { DB } from "#server/db/schema.ts";
import { companyApprovals } from "#server/records/label-approvals.server.ts";
import { importColaFile } from "#server/records/ttb-cola-import.ts";
import { evalColaCsv } from "./label-sample.ts";

/**
 * The evaluation's label approvals (issue 41): the recorded sample imported into its database as
 * the operator's file would be, and the lookup the provider answers from, as the site wires it.
 */
export async function evalLabels(db: Kysely<DB>, now = new Date()): Promise<LabelsLookup> {
  await importColaFile(db, Readable.from([Buffer.from(evalColaCsv(now))]), "eval-cola.csv");
  return (companyId) => companyApprovals(db, companyId);
}

import type { Readable } from "node:stream";
import type { Kysely, Transaction } from "kysely";
import type { Company } from "#common/content/company.ts";
import { COMPANIES } from "../content/companies.server.ts";
import type { DB, LabelApprovalsTable } from "../db/schema.ts";
import { ImportRefused } from "../market/iowa-file.ts";
import { alreadyImported, openImport, recordImport, type ImportResult } from "../market/market-store.ts";
import { classify, labelJoiner } from "./label-join.ts";
import { readColaFile, type ColaRow } from "./ttb-cola-file.ts";
import { TTB_COLA_SOURCE } from "./ttb-source.ts";

/** Rows a statement writes or asks about at once: well inside both engines' limits on bound values. */
const BATCH = 400;

/**
 * Imports one registry export (`hub data import ttb-cola <file>`, or the desk's upload). The file is
 * read once, row by row; its approvals are then written in one transaction, each kept once by its
 * TTB ID whatever the overlap with files before (an approval held already is left as it is). Each
 * new approval is joined to a Top Player, and the classes of every holder it touched are worked out
 * again over that holder's whole history, so exports may come in any order. The same bytes again
 * write nothing; a refused file writes nothing at all.
 */
export async function importColaFile(
  db: Kysely<DB>,
  input: Readable,
  fileName: string,
  companies: readonly Company[] = COMPANIES,
): Promise<ImportResult> {
  const rows = new Map<string, ColaRow>();
  const read = await readColaFile(input, (row) => rows.set(row.ttbId, row));
  if (rows.size === 0)
    throw new ImportRefused("Line 2: the export holds no approval (a search with no results); nothing was imported.");
  const days = [...rows.values()].map((r) => r.completed).sort();
  const summary = {
    rowsRead: read.rowsRead,
    rowsKept: rows.size,
    // A row repeated inside the file is kept once; nothing else is left out.
    rowsRefused: 0,
    firstPeriod: days[0]!,
    lastPeriod: days.at(-1)!,
  };
  const joiner = labelJoiner(companies);

  return db.transaction().execute(async (trx) => {
    const same = await openImport(trx, TTB_COLA_SOURCE, read.checksum);
    if (same) return alreadyImported(summary, same);

    const ids = [...rows.keys()];
    const held = new Set<string>();
    for (let i = 0; i < ids.length; i += BATCH)
      for (const r of await trx
        .selectFrom("label_approvals")
        .select("ttb_id")
        .where("ttb_id", "in", ids.slice(i, i + BATCH))
        .execute())
        held.add(r.ttb_id);
    const fresh = [...rows.values()].filter((r) => !held.has(r.ttbId));

    // For approvals, "added" counts the new ones and "replaced" those held already (left as they were).
    const { importId, importedAt } = await recordImport(
      trx,
      { source: TTB_COLA_SOURCE, fileName, checksum: read.checksum, summary },
      { added: fresh.length, repeated: held.size },
    );

    const values: LabelApprovalsTable[] = fresh.map((r) => {
      const joined = joiner.join(r);
      return {
        ttb_id: r.ttbId,
        permit_number: r.permitNumber,
        serial_number: r.serialNumber,
        completed_on: r.completed,
        fanciful_name: r.fancifulName,
        brand_name: r.brandName,
        origin: r.origin,
        origin_desc: r.originDescription ?? null,
        class_type: r.classType,
        class_type_desc: r.classTypeDescription ?? null,
        company_id: joined?.companyId ?? null,
        joined_by: joined?.by ?? null,
        // Set below, over the holder's whole history.
        approval_class: "new-brand",
        import_id: importId,
      };
    });
    for (let i = 0; i < values.length; i += BATCH)
      await trx
        .insertInto("label_approvals")
        .values(values.slice(i, i + BATCH))
        .execute();
    await reclassify(trx, values);
    return {
      ...summary,
      importId,
      unchanged: false,
      importedAt,
      periodsAdded: fresh.length,
      periodsReplaced: held.size,
    };
  });
}

/**
 * Works out again the class of every approval of each holder the new ones belong to: a Top Player
 * by its id, an approval no company was joined to by its permit holder.
 */
async function reclassify(trx: Transaction<DB>, added: readonly LabelApprovalsTable[]): Promise<void> {
  const holders: Array<{ companyId: number } | { permit: string }> = [
    ...new Set(added.flatMap((a) => (a.company_id === null ? [] : [a.company_id]))),
  ].map((companyId) => ({ companyId }));
  for (const permit of new Set(added.flatMap((a) => (a.company_id === null ? [a.permit_number] : []))))
    holders.push({ permit });
  for (const holder of holders) {
    const all = trx
      .selectFrom("label_approvals")
      .select(["ttb_id", "completed_on", "brand_name", "fanciful_name", "approval_class"]);
    const history = await (
      "companyId" in holder
        ? all.where("company_id", "=", holder.companyId)
        : all.where("company_id", "is", null).where("permit_number", "=", holder.permit)
    ).execute();
    const classes = classify(
      history.map((h) => ({
        ttbId: h.ttb_id,
        completedOn: h.completed_on,
        brandName: h.brand_name,
        fancifulName: h.fanciful_name,
      })),
    );
    const changed = new Map<string, string[]>();
    for (const h of history) {
      const now = classes.get(h.ttb_id)!;
      if (now !== h.approval_class) changed.set(now, [...(changed.get(now) ?? []), h.ttb_id]);
    }
    for (const [approvalClass, ttbIds] of changed)
      for (let i = 0; i < ttbIds.length; i += BATCH)
        await trx
          .updateTable("label_approvals")
          .set({ approval_class: approvalClass as LabelApprovalsTable["approval_class"] })
          .where("ttb_id", "in", ttbIds.slice(i, i + BATCH))
          .execute();
  }
}

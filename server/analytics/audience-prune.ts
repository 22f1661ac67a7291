import { sql, type Kysely } from "kysely";
import { engineOf } from "../db/client.ts";
import type { DB } from "../db/schema.ts";
import { OTHER_SOURCE, SOURCE_DAYS, SOURCES_KEPT_PER_DAY, WRITE_CHUNK, yieldToRequests } from "./audience-limits.ts";
import { READERS_LOCK } from "./reader-store.ts";
import { addDays, utcDay } from "./utc-days.ts";

/** Per-client rows are kept this long: a window needs 24 hours to close, a late batch a little more. */
export const KEEP_CLIENT_ROWS_MS = 48 * 3_600_000;
/** Finished days whose sources are folded again at each prune (a day is folded once it is over; this catches up). */
const FOLD_DAYS_BACK = 30;
/** Rows deleted per statement, with requests served in between: a crowd's rows go in slices, not one long delete. */
const DELETE_CHUNK = 2 * WRITE_CHUNK;

/**
 * Deletes per-client rows (download windows, visitor hashes) past their time,
 * and per-source rows past SOURCE_DAYS; folds each finished day's sources beyond
 * its top SOURCES_KEPT_PER_DAY into OTHER_SOURCE. Deletes go a slice at a time.
 */
export async function pruneAudience(db: Kysely<DB>, now: Date): Promise<void> {
  const keepFrom = addDays(utcDay(now), -1);
  const windowsBefore = new Date(now.getTime() - KEEP_CLIENT_ROWS_MS).toISOString();
  for (;;) {
    const ids = await db
      .selectFrom("download_windows")
      .select("id")
      .where("started_at", "<", windowsBefore)
      .limit(DELETE_CHUNK)
      .execute();
    if (ids.length === 0) break;
    await db
      .deleteFrom("download_windows")
      .where(
        "id",
        "in",
        ids.map((r) => r.id),
      )
      .execute();
    await yieldToRequests();
  }
  for (;;) {
    const rows = await db
      .selectFrom("reader_visitors")
      .select(["day", "path", "visitor"])
      .where("day", "<", keepFrom)
      .limit(DELETE_CHUNK)
      .execute();
    if (rows.length === 0) break;
    await db
      .deleteFrom("reader_visitors")
      .where((eb) =>
        eb(
          eb.refTuple("day", "path", "visitor"),
          "in",
          rows.map((r) => eb.tuple(r.day, r.path, r.visitor)),
        ),
      )
      .execute();
    await yieldToRequests();
  }
  for (;;) {
    const rows = await db
      .selectFrom("reader_clients")
      .select(["day", "network", "visitor"])
      .where("day", "<", keepFrom)
      .limit(DELETE_CHUNK)
      .execute();
    if (rows.length === 0) break;
    await db
      .deleteFrom("reader_clients")
      .where((eb) =>
        eb(
          eb.refTuple("day", "network", "visitor"),
          "in",
          rows.map((r) => eb.tuple(r.day, r.network, r.visitor)),
        ),
      )
      .execute();
    await yieldToRequests();
  }
  await db
    .deleteFrom("reader_sources")
    .where("day", "<", addDays(utcDay(now), -SOURCE_DAYS))
    .execute();
  await foldSources(db, addDays(keepFrom, -FOLD_DAYS_BACK), keepFrom);
}

/**
 * Each day from `from` until `before` (finished days: no batch writes them any
 * more) keeps its SOURCES_KEPT_PER_DAY sources of each kind with the most views
 * by name; the others' views are added to OTHER_SOURCE and their rows deleted.
 */
export async function foldSources(db: Kysely<DB>, from: string, before: string): Promise<void> {
  const crowded = await db
    .selectFrom("reader_sources")
    .select(["day", "kind"])
    .where("day", ">=", from)
    .where("day", "<", before)
    .where("label", "!=", OTHER_SOURCE)
    .groupBy(["day", "kind"])
    .having((eb) => eb.fn.countAll(), ">", SOURCES_KEPT_PER_DAY)
    .execute();
  for (const { day, kind } of crowded) {
    await db.transaction().execute(async (trx) => {
      // Another instance may fold the same day: one at a time, each reading what the other left.
      if (engineOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(${READERS_LOCK})`.execute(trx);
      const rare = await trx
        .selectFrom("reader_sources")
        .select(["label", "views"])
        .where("day", "=", day)
        .where("kind", "=", kind)
        .where("label", "!=", OTHER_SOURCE)
        .orderBy("views", "desc")
        .orderBy("label")
        .offset(SOURCES_KEPT_PER_DAY)
        .limit(1_000_000)
        .execute();
      if (rare.length === 0) return;
      for (let i = 0; i < rare.length; i += DELETE_CHUNK)
        await trx
          .deleteFrom("reader_sources")
          .where("day", "=", day)
          .where("kind", "=", kind)
          .where(
            "label",
            "in",
            rare.slice(i, i + DELETE_CHUNK).map((r) => r.label),
          )
          .execute();
      await trx
        .insertInto("reader_sources")
        .values({ day, kind, label: OTHER_SOURCE, views: rare.reduce((a, r) => a + r.views, 0) })
        .onConflict((oc) =>
          oc.columns(["day", "kind", "label"]).doUpdateSet({ views: sql`reader_sources.views + excluded.views` }),
        )
        .execute();
    });
    await yieldToRequests();
  }
}

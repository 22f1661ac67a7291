import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { engineOf } from "../db/client.ts";
import type { DB } from "../db/schema.ts";

/** The four tables, parents before children (the order rows are restored in). */
export const BACKUP_TABLES = ["weekly_summaries", "podcast_episodes", "recap_comments", "podcast_comments"] as const;

const nullableText = z.string().nullable();
/** What a recap's comment and an episode's comment share; each adds its parent's id. */
const commentFields = {
  id: z.string(),
  author_name: z.string(),
  comment_text: z.string(),
  status: z.enum(["visible", "hidden"]),
  client_address: nullableText,
  created_at: z.string(),
};
const rowSchemas = {
  weekly_summaries: z.object({
    id: z.number().int().positive(),
    date: z.string(),
    headline: z.string(),
    content: z.string(),
    snippets: nullableText,
    tags: nullableText,
    blog_image: nullableText,
    external_key: nullableText,
    created_at: z.string(),
    updated_at: z.string(),
  }),
  podcast_episodes: z.object({
    id: z.number().int().positive(),
    date: z.string(),
    title: z.string(),
    description: z.string(),
    mp3_file: nullableText,
    weekly_daily: z.enum(["daily", "weekly"]),
    duration_seconds: z.number().nullable(),
    byte_size: z.number().nullable(),
    guid: z.string(),
    external_key: nullableText.default(null),
    // Backups made before transcripts existed restore without them.
    transcript: nullableText.default(null),
    chapters: nullableText.default(null),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  recap_comments: z.object({ ...commentFields, recap_id: z.number().int() }),
  podcast_comments: z.object({ ...commentFields, episode_id: z.number().int() }),
};

export const snapshotSchema = z.object({
  format: z.literal("proofline-backup"),
  version: z.literal(1),
  created_at: z.string(),
  tables: z.object({
    weekly_summaries: z.array(rowSchemas.weekly_summaries),
    podcast_episodes: z.array(rowSchemas.podcast_episodes),
    recap_comments: z.array(rowSchemas.recap_comments),
    podcast_comments: z.array(rowSchemas.podcast_comments),
  }),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

/**
 * Every row of the four tables as one consistent picture, read in a single
 * transaction (repeatable read on PostgreSQL; SQLite's read transaction sees
 * one snapshot), so a backup taken while comments arrive is never half-made.
 */
export async function exportSnapshot(db: Kysely<DB>): Promise<Snapshot> {
  const postgres = engineOf(db) === "postgres";
  let transaction = db.transaction();
  if (postgres) transaction = transaction.setIsolationLevel("repeatable read");
  const tables = await transaction.execute(async (trx) => {
    const read = (table: (typeof BACKUP_TABLES)[number]) => trx.selectFrom(table).selectAll().orderBy("id").execute();
    return {
      weekly_summaries: await read("weekly_summaries"),
      podcast_episodes: await read("podcast_episodes"),
      recap_comments: await read("recap_comments"),
      podcast_comments: await read("podcast_comments"),
    };
  });
  return snapshotSchema.parse({ format: "proofline-backup", version: 1, created_at: new Date().toISOString(), tables });
}

/** Replaces every row with the snapshot's, in one transaction: all or nothing. */
export async function importSnapshot(db: Kysely<DB>, snapshot: Snapshot): Promise<Record<(typeof BACKUP_TABLES)[number], number>> {
  const postgres = engineOf(db) === "postgres";
  await db.transaction().execute(async (trx) => {
    for (const table of [...BACKUP_TABLES].reverse()) await trx.deleteFrom(table).execute();
    for (const table of BACKUP_TABLES) {
      const rows = snapshot.tables[table];
      // Small batches stay under SQLite's limit on bound values.
      for (let i = 0; i < rows.length; i += 100) await trx.insertInto(table).values(rows.slice(i, i + 100) as never).execute();
    }
    if (postgres) {
      // Restored rows keep their ids; the next new row must number after them.
      for (const table of ["weekly_summaries", "podcast_episodes"] as const)
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
    }
  });
  return Object.fromEntries(BACKUP_TABLES.map((t) => [t, snapshot.tables[t].length])) as Record<(typeof BACKUP_TABLES)[number], number>;
}

import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import { z } from "zod";
import { engineOf } from "../db/client.ts";
import type { DB } from "../db/schema.ts";
import { sampleFromOldTag } from "./sample-content.ts";

/**
 * The tables a backup holds, parents before children (the order rows are
 * restored in): the published content and its comments; the desk's staff
 * (with their password hashes), drafts, schedule and publication log; the
 * newsletter's subscribers (with their consent) and send history; the chat's
 * shared conversations and readers' feedback; the audience figures (daily
 * counts, opt-in newsletter engagement, imported logs); the market data
 * (sources, imports, series and their figures). Left out, as state
 * that is rebuilt or better started afresh: sessions and one-time password
 * links (a restore signs everyone out), sign-in failures, the chat's
 * conversations, jobs and kept answers (a week's worth at most: a share and a
 * verdict hold their own copy of the answers they name), the send pace, the
 * content version, and the audience's per-client rows and salts (they live two
 * days by design).
 */
export const BACKUP_TABLES = [
  "weekly_summaries",
  "podcast_episodes",
  "recap_comments",
  "podcast_comments",
  "staff_users",
  "recap_drafts",
  "episode_drafts",
  "publications",
  "newsletter_subscribers",
  "newsletter_sends",
  "newsletter_deliveries",
  "chat_shares",
  "chat_feedback",
  "newsletter_engagement",
  "download_daily",
  "download_apps_daily",
  "reader_daily",
  "reader_sources",
  "analytics_imports",
  "data_sources",
  "data_imports",
  "data_series",
  "data_observations",
  "label_approvals",
  "sec_filings",
  "filed_figures",
  "reader_follows",
  "digest_runs",
  "digest_deliveries",
] as const;
export type BackupTable = (typeof BACKUP_TABLES)[number];

/** The tables a version 1 backup (before the desk and the newsletter were in it) holds. */
const VERSION_1_TABLES: BackupTable[] = ["weekly_summaries", "podcast_episodes", "recap_comments", "podcast_comments"];

/** How each table's rows are ordered in a backup: by id, or by the key of a table that has none. */
const ROW_ORDER: Partial<Record<BackupTable, string[]>> = {
  newsletter_engagement: ["send_id", "subscriber_id", "kind"],
  download_daily: ["day", "episode_id"],
  download_apps_daily: ["day", "app", "platform"],
  reader_daily: ["day", "path"],
  reader_sources: ["day", "kind", "label"],
  analytics_imports: ["digest"],
  data_observations: ["series_id", "period"],
  label_approvals: ["ttb_id"],
  sec_filings: ["accession"],
  filed_figures: ["accession", "taxonomy", "concept", "period_start", "period_end"],
};

/** Tables whose ids a sequence numbers on PostgreSQL (the comments' and shares' ids are made by the app). */
const SERIAL_TABLES: BackupTable[] = BACKUP_TABLES.filter(
  (t) => !["recap_comments", "podcast_comments", "chat_shares", "data_sources"].includes(t) && !ROW_ORDER[t],
);

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
/** Sample content's flag (issue 37): a backup made before it marked sample items with a tag instead. */
const sampleFlag = z.union([z.literal(0), z.literal(1)]).optional();
const withSampleFlag = <T extends { tags: string | null; sample?: 0 | 1 | undefined }>(row: T) =>
  row.sample === undefined ? { ...row, ...sampleFromOldTag(row.tags) } : { ...row, sample: row.sample };

/** What a published episode and an episode draft share. */
const episodeFields = {
  id: z.number().int().positive(),
  date: z.string(),
  title: z.string(),
  description: z.string(),
  mp3_file: nullableText,
  weekly_daily: z.enum(["daily", "weekly"]),
  duration_seconds: z.number().nullable(),
  byte_size: z.number().nullable(),
};
const rowSchemas = {
  weekly_summaries: z
    .object({
      id: z.number().int().positive(),
      date: z.string(),
      headline: z.string(),
      content: z.string(),
      snippets: nullableText,
      tags: nullableText,
      blog_image: nullableText,
      external_key: nullableText,
      sample: sampleFlag,
      created_at: z.string(),
      updated_at: z.string(),
    })
    .transform(withSampleFlag),
  podcast_episodes: z
    .object({
      ...episodeFields,
      guid: z.string(),
      external_key: nullableText.default(null),
      // Backups made before transcripts existed restore without them.
      transcript: nullableText.default(null),
      chapters: nullableText.default(null),
      // Tags came with topics (issue 26): older backups have none.
      tags: nullableText.default(null),
      sample: sampleFlag,
      created_at: z.string(),
      updated_at: z.string(),
    })
    .transform(withSampleFlag),
  recap_comments: z.object({ ...commentFields, recap_id: z.number().int() }),
  podcast_comments: z.object({ ...commentFields, episode_id: z.number().int() }),
  staff_users: z.object({
    id: z.number().int().positive(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["owner", "editor"]),
    password_hash: nullableText,
    created_at: z.string(),
  }),
  recap_drafts: z.object({
    id: z.number().int().positive(),
    date: z.string(),
    headline: z.string(),
    content: z.string(),
    snippets: nullableText,
    tags: nullableText,
    blog_image: nullableText,
    publish_at: nullableText,
    updated_at: z.string(),
  }),
  episode_drafts: z.object({
    ...episodeFields,
    transcript: nullableText,
    chapters: nullableText,
    tags: nullableText.default(null),
    publish_at: nullableText,
    updated_at: z.string(),
  }),
  publications: z.object({
    id: z.number().int().positive(),
    kind: z.enum(["recap", "episode"]),
    draft_id: z.number().int(),
    item_id: z.number().int(),
    published_by: z.string(),
    published_at: z.string(),
  }),
  newsletter_subscribers: z.object({
    id: z.number().int().positive(),
    email: z.string(),
    status: z.enum(["pending", "confirmed", "unsubscribed", "bounced", "none"]),
    source: z.string(),
    requested_at: z.string(),
    confirmed_at: nullableText,
    unsubscribed_at: nullableText,
    bounced_at: nullableText,
    bounce_reason: nullableText,
    confirm_token: nullableText,
    confirm_expires_at: nullableText,
    unsubscribe_key: z.string(),
    // Issue 42: a backup made before follows holds addresses that asked for the recap alone.
    digest: z.enum(["none", "pending", "on", "off"]).default("none"),
    digest_cadence: z.enum(["weekly", "immediate"]).default("weekly"),
  }),
  newsletter_sends: z.object({
    id: z.number().int().positive(),
    recap_id: z.number().int(),
    queued_by: z.string(),
    queued_at: z.string(),
    expanded_at: nullableText,
    recipients: z.number().int().nullable(),
  }),
  newsletter_deliveries: z.object({
    id: z.number().int().positive(),
    send_id: z.number().int(),
    subscriber_id: z.number().int(),
    status: z.enum(["queued", "sending", "committing", "sent", "failed", "skipped"]),
    attempts: z.number().int(),
    next_attempt_at: z.string(),
    owner: nullableText,
    lease_until: nullableText,
    sent_at: nullableText,
    last_error: nullableText,
  }),
  chat_shares: z.object({
    id: z.string(),
    messages: z.string(),
    remove_key_hash: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
    removed_at: nullableText,
    // Copies made before the server kept its answers have no page, and backups made then no such fields.
    html: nullableText.default(null),
    title: nullableText.default(null),
  }),
  chat_feedback: z.object({
    id: z.number().int().positive(),
    rating: z.enum(["up", "down"]),
    comment: nullableText,
    question: z.string(),
    answer: z.string(),
    provider: z.string(),
    created_at: z.string(),
    answer_id: nullableText.default(null),
  }),
  newsletter_engagement: z.object({
    send_id: z.number().int(),
    subscriber_id: z.number().int(),
    kind: z.enum(["open", "click"]),
    at: z.string(),
  }),
  download_daily: z.object({ day: z.string(), episode_id: z.number().int(), downloads: z.number().int() }),
  download_apps_daily: z.object({
    day: z.string(),
    app: z.string(),
    platform: z.string(),
    downloads: z.number().int(),
  }),
  reader_daily: z.object({ day: z.string(), path: z.string(), views: z.number().int(), visitors: z.number().int() }),
  reader_sources: z.object({
    day: z.string(),
    kind: z.enum(["referrer", "campaign"]),
    label: z.string(),
    views: z.number().int(),
  }),
  analytics_imports: z.object({
    digest: z.string(),
    imported_at: z.string(),
    lines: z.number().int(),
    downloads: z.number().int(),
  }),
  data_sources: z.object({
    id: z.string(),
    title: z.string(),
    publisher: z.string(),
    url: z.string(),
    licence: z.string(),
    meaning: z.string(),
    caveats: z.string(),
  }),
  data_imports: z.object({
    id: z.number().int(),
    source_id: z.string(),
    file_name: z.string(),
    checksum: z.string(),
    imported_at: z.string(),
    rows_read: z.number().int(),
    rows_kept: z.number().int(),
    rows_refused: z.number().int(),
    first_period: z.string(),
    last_period: z.string(),
    periods_added: z.number().int(),
    periods_replaced: z.number().int(),
  }),
  data_series: z.object({
    id: z.number().int(),
    source_id: z.string(),
    measure: z.string(),
    unit: z.string(),
    geography: z.string(),
    category: z.string(),
  }),
  data_observations: z.object({
    series_id: z.number().int(),
    period: z.string(),
    value: z.number(),
    import_id: z.number().int(),
  }),
  label_approvals: z.object({
    ttb_id: z.string(),
    permit_number: z.string(),
    serial_number: z.string(),
    completed_on: z.string(),
    fanciful_name: z.string(),
    brand_name: z.string(),
    origin: z.string(),
    origin_desc: nullableText,
    class_type: z.string(),
    class_type_desc: nullableText,
    company_id: z.number().int().nullable(),
    joined_by: z.enum(["brand", "alias", "permit"]).nullable(),
    approval_class: z.enum(["new-brand", "new-product", "renewal"]),
    import_id: z.number().int(),
  }),
  sec_filings: z.object({
    accession: z.string(),
    cik: z.number().int(),
    form: z.string(),
    filed_on: z.string(),
    report_date: nullableText,
    primary_document: nullableText,
    import_id: z.number().int(),
  }),
  filed_figures: z.object({
    accession: z.string(),
    cik: z.number().int(),
    taxonomy: z.string(),
    concept: z.string(),
    measure: z.enum(["revenue", "net-sales", "excise-taxes"]),
    unit: z.string(),
    period_start: z.string(),
    period_end: z.string(),
    value: z.number(),
    fiscal_year: z.number().int().nullable(),
    fiscal_period: nullableText,
    import_id: z.number().int(),
  }),
  reader_follows: z.object({
    id: z.number().int().positive(),
    subscriber_id: z.number().int(),
    kind: z.enum(["company", "brand", "topic"]),
    item: z.string(),
    created_at: z.string(),
  }),
  digest_runs: z.object({
    id: z.number().int().positive(),
    period_key: z.string(),
    kind: z.enum(["weekly", "alert"]),
    recap_id: z.number().int().nullable(),
    since_at: z.string(),
    until_at: z.string(),
    queued_by: z.string(),
    queued_at: z.string(),
    expanded_at: nullableText,
    recipients: z.number().int().nullable(),
  }),
  digest_deliveries: z.object({
    id: z.number().int().positive(),
    run_id: z.number().int(),
    subscriber_id: z.number().int(),
    status: z.enum(["queued", "sending", "committing", "sent", "failed", "skipped"]),
    attempts: z.number().int(),
    next_attempt_at: z.string(),
    owner: nullableText,
    lease_until: nullableText,
    sent_at: nullableText,
    last_error: nullableText,
  }),
};

const tableRows = <T extends BackupTable>(table: T) => z.array(rowSchemas[table]);
const contentTables = {
  weekly_summaries: tableRows("weekly_summaries"),
  podcast_episodes: tableRows("podcast_episodes"),
  recap_comments: tableRows("recap_comments"),
  podcast_comments: tableRows("podcast_comments"),
};

/** What a backup made now holds. */
const fullSnapshotSchema = z.object({
  format: z.literal("proofline-backup"),
  version: z.literal(2),
  created_at: z.string(),
  tables: z.object({
    ...contentTables,
    staff_users: tableRows("staff_users"),
    recap_drafts: tableRows("recap_drafts"),
    episode_drafts: tableRows("episode_drafts"),
    publications: tableRows("publications"),
    newsletter_subscribers: tableRows("newsletter_subscribers"),
    newsletter_sends: tableRows("newsletter_sends"),
    newsletter_deliveries: tableRows("newsletter_deliveries"),
    // Added later to the same version: an older backup holds none, and restores none.
    chat_shares: tableRows("chat_shares").default([]),
    chat_feedback: tableRows("chat_feedback").default([]),
    newsletter_engagement: tableRows("newsletter_engagement").default([]),
    download_daily: tableRows("download_daily").default([]),
    download_apps_daily: tableRows("download_apps_daily").default([]),
    reader_daily: tableRows("reader_daily").default([]),
    reader_sources: tableRows("reader_sources").default([]),
    analytics_imports: tableRows("analytics_imports").default([]),
    data_sources: tableRows("data_sources").default([]),
    data_imports: tableRows("data_imports").default([]),
    data_series: tableRows("data_series").default([]),
    data_observations: tableRows("data_observations").default([]),
    label_approvals: tableRows("label_approvals").default([]),
    sec_filings: tableRows("sec_filings").default([]),
    filed_figures: tableRows("filed_figures").default([]),
    reader_follows: tableRows("reader_follows").default([]),
    digest_runs: tableRows("digest_runs").default([]),
    digest_deliveries: tableRows("digest_deliveries").default([]),
  }),
});
export type FullSnapshot = z.infer<typeof fullSnapshotSchema>;

export const snapshotSchema = z.discriminatedUnion("version", [
  // A version 1 backup restores its content alone and leaves the desk and the newsletter as they are.
  z.object({
    format: z.literal("proofline-backup"),
    version: z.literal(1),
    created_at: z.string(),
    tables: z.object(contentTables),
  }),
  fullSnapshotSchema,
]);
export type Snapshot = z.infer<typeof snapshotSchema>;

/**
 * Every row of the backed-up tables as one consistent picture, read in a single
 * transaction (repeatable read on PostgreSQL; SQLite's read transaction sees
 * one snapshot), so a backup taken while comments arrive is never half-made.
 */
export async function exportSnapshot(db: Kysely<DB>): Promise<FullSnapshot> {
  const postgres = engineOf(db) === "postgres";
  let transaction = db.transaction();
  if (postgres) transaction = transaction.setIsolationLevel("repeatable read");
  const tables = await transaction.execute(async (trx) => {
    const read: Record<string, unknown[]> = {};
    for (const table of BACKUP_TABLES) {
      let query = trx.selectFrom(table).selectAll() as unknown as SelectQueryBuilder<DB, BackupTable, object>;
      for (const column of ROW_ORDER[table] ?? ["id"]) query = query.orderBy(sql.ref(column));
      read[table] = await query.execute();
    }
    return read;
  });
  return fullSnapshotSchema.parse({
    format: "proofline-backup",
    version: 2,
    created_at: new Date().toISOString(),
    tables,
  });
}

/**
 * Replaces every row of the tables the snapshot holds with its own, in one
 * transaction: all or nothing. Sessions and password links end with it (they
 * name staff the backup may number differently): everyone signs in again.
 * Confirmation mails not yet sent are dropped too: their readers ask again.
 */
export async function importSnapshot(
  db: Kysely<DB>,
  snapshot: Snapshot,
): Promise<Partial<Record<BackupTable, number>>> {
  const postgres = engineOf(db) === "postgres";
  const tables = snapshot.version === 1 ? VERSION_1_TABLES : [...BACKUP_TABLES];
  const rowsOf = (table: BackupTable) => (snapshot.tables as Partial<Record<BackupTable, unknown[]>>)[table] ?? [];
  await db.transaction().execute(async (trx) => {
    if (snapshot.version === 2) {
      await trx.deleteFrom("staff_sessions").execute();
      await trx.deleteFrom("staff_tokens").execute();
      // Confirmation mails waiting to go name subscribers by id, and the restored list numbers them its own way.
      await trx.deleteFrom("newsletter_confirmations").execute();
    }
    for (const table of [...tables].reverse()) await trx.deleteFrom(table).execute();
    for (const table of tables) {
      const rows = rowsOf(table);
      // Small batches stay under SQLite's limit on bound values.
      for (let i = 0; i < rows.length; i += 100)
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + 100) as never)
          .execute();
    }
    if (postgres) {
      // Restored rows keep their ids; the next new row must number after them.
      for (const table of SERIAL_TABLES.filter((t) => tables.includes(t)))
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
          trx,
        );
    }
  });
  return Object.fromEntries(tables.map((t) => [t, rowsOf(t).length]));
}

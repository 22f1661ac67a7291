import type { Kysely } from "kysely";

// Lets a workflow (or `hub import`) publish an episode once however often it runs,
// as weekly_summaries.external_key already does for recaps.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("podcast_episodes").addColumn("external_key", "text").execute();
  await db.schema
    .createIndex("podcast_episodes_external_key_idx")
    .unique()
    .on("podcast_episodes")
    .column("external_key")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("podcast_episodes_external_key_idx").ifExists().execute();
  await db.schema.alterTable("podcast_episodes").dropColumn("external_key").execute();
}

import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Topics (issue 26): episodes carry tags as recaps do (a JSON array of strings),
// so a topic page lists both. Drafts keep them until they are published. On
// PostgreSQL a topic's episodes are found through a pg_trgm index, like its
// recaps; SQLite reads the episodes' short tags column directly (a few
// thousand rows in ten years).
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["podcast_episodes", "episode_drafts"]) {
    const columns = (await db.introspection.getTables()).find((t) => t.name === table)?.columns.map((c) => c.name);
    if (!columns?.includes("tags")) await db.schema.alterTable(table).addColumn("tags", "text").execute();
  }
  if (dialectOf(db).engine === "postgres")
    await sql`create index if not exists podcast_episodes_tags_trgm_idx on podcast_episodes using gin (tags gin_trgm_ops)`.execute(
      db,
    );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db).engine === "postgres") await sql`drop index if exists podcast_episodes_tags_trgm_idx`.execute(db);
  for (const table of ["podcast_episodes", "episode_drafts"])
    await db.schema.alterTable(table).dropColumn("tags").execute();
}

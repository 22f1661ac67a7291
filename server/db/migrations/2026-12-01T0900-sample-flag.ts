import type { Kysely } from "kysely";

/** The tag that marked demo items before this flag; a reader saw it as the demo's largest topic. */
const SAMPLE_TAG = "Sample content";

// Issue 37, point 11: sample content is marked by a flag (1 for the demo's own items),
// not by a topic. Rows tagged the old way get the flag, and lose the tag, so the
// "Sample content" topic, its page and its feed go away on upgrade too.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["weekly_summaries", "podcast_episodes"]) {
    await db.schema
      .alterTable(table)
      .addColumn("sample", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    const tagged = await db.selectFrom(table).select(["id", "tags"]).where("tags", "like", `%${SAMPLE_TAG}%`).execute();
    for (const row of tagged as Array<{ id: number; tags: string }>) {
      let tags: unknown;
      try {
        tags = JSON.parse(row.tags);
      } catch {
        continue;
      }
      if (!Array.isArray(tags) || !tags.includes(SAMPLE_TAG)) continue;
      const rest = tags.filter((t) => t !== SAMPLE_TAG);
      await db
        .updateTable(table)
        .set({ sample: 1, tags: rest.length ? JSON.stringify(rest) : null })
        .where("id", "=", row.id)
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["weekly_summaries", "podcast_episodes"])
    await db.schema.alterTable(table).dropColumn("sample").execute();
}

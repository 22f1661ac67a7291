import fs from "node:fs/promises";
import path from "node:path";
import { sql, type Kysely, type Transaction } from "kysely";
import { CONTENT_DIR, demoEpisodeGuid, loadDemoEpisodes, loadDemoRecaps } from "../content/demo-content.ts";
import { createReadStream } from "node:fs";
import { audioFactsOfFile } from "../media/audio-facts.ts";
import { BUCKETS } from "../media/buckets.ts";
import { DiskStore } from "../media/disk-store.ts";
import { typeOfName, type MediaStore } from "../media/media-store.ts";
import { engineOf } from "./client.ts";
import type { DB } from "./schema.ts";
import { tagsColumn } from "#common/topics/topic.ts";

export interface SeedResult {
  seeded: boolean;
  recaps: number;
  episodes: number;
}

/**
 * Loads the demo content into an empty database (no recaps and no episodes) and
 * copies its media into the media store (a data folder's path means its
 * DATA_DIR/media). A database that has any content is left alone.
 */
export async function seedDemoContent(db: Kysely<DB>, media: MediaStore | string): Promise<SeedResult> {
  await copyDemoMedia(typeof media === "string" ? new DiskStore(media) : media);
  const [recaps, episodes] = await Promise.all([loadDemoRecaps(), loadDemoEpisodes()]);
  const audioDir = path.join(CONTENT_DIR, "media", "podcast-episodes");
  const facts = new Map(
    await Promise.all(
      episodes
        .filter((e) => e.mp3_file)
        .map(async (e) => {
          const file = path.join(audioDir, e.mp3_file!);
          return [e.key, await audioFactsOfFile(file, (await fs.stat(file)).size)] as const;
        }),
    ),
  );

  return db.transaction().execute(async (trx) => {
    await lockForSeeding(trx);
    if (!(await isEmpty(trx))) return { seeded: false, recaps: 0, episodes: 0 };
    await trx
      .insertInto("weekly_summaries")
      .values(
        recaps.map((r) => ({
          date: r.date,
          headline: r.headline,
          content: r.content,
          snippets: r.snippets,
          tags: JSON.stringify(r.tags),
          blog_image: r.blog_image,
          external_key: r.key,
          sample: r.sample ? 1 : 0,
        })),
      )
      .execute();
    await trx
      .insertInto("podcast_episodes")
      .values(
        episodes.map((e) => ({
          date: e.date,
          title: e.title,
          description: e.description,
          weekly_daily: e.weekly_daily,
          mp3_file: e.mp3_file,
          byte_size: facts.get(e.key)?.byteSize ?? null,
          duration_seconds: facts.get(e.key)?.durationSeconds ?? null,
          guid: demoEpisodeGuid(e.key),
          external_key: e.key,
          transcript: e.transcript,
          chapters: e.chapters,
          tags: tagsColumn(e.tags ?? []),
          sample: e.sample ? 1 : 0,
        })),
      )
      .execute();
    return { seeded: true, recaps: recaps.length, episodes: episodes.length };
  });
}

async function isEmpty(trx: Transaction<DB>): Promise<boolean> {
  const { recaps } = await trx
    .selectFrom("weekly_summaries")
    .select((eb) => eb.fn.countAll<number>().as("recaps"))
    .executeTakeFirstOrThrow();
  const { episodes } = await trx
    .selectFrom("podcast_episodes")
    .select((eb) => eb.fn.countAll<number>().as("episodes"))
    .executeTakeFirstOrThrow();
  return Number(recaps) === 0 && Number(episodes) === 0;
}

// Two processes starting together must not both seed. SQLite transactions here
// begin IMMEDIATE and so already exclude each other; PostgreSQL needs a lock.
async function lockForSeeding(trx: Transaction<DB>): Promise<void> {
  if (engineOf(trx) === "postgres") await sql`select pg_advisory_xact_lock(7426001)`.execute(trx);
}

async function copyDemoMedia(store: MediaStore): Promise<void> {
  for (const bucket of BUCKETS) {
    const from = path.join(CONTENT_DIR, "media", bucket);
    for (const name of await fs.readdir(from)) {
      // A file already there (same name) is kept as it is.
      if (await store.stat(bucket, name)) continue;
      await store.put(bucket, name, createReadStream(path.join(from, name)), typeOfName(name));
    }
  }
}

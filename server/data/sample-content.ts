import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { CONTENT_DIR } from "../content/demo-content.ts";
import type { DB } from "../db/schema.ts";
import { BUCKETS } from "../media/buckets.ts";
import type { MediaStore } from "../media/media-store.ts";
import { deleteWithComments } from "./comments.ts";

/** The tag that marked demo items before the sample flag (migration 2026-12-01T0900-sample-flag). */
const OLD_SAMPLE_TAG = "Sample content";

/** A row from before the flag (an older backup): its old tag becomes the flag, and leaves its tags. */
export function sampleFromOldTag(tags: string | null): { sample: 0 | 1; tags: string | null } {
  let list: unknown;
  try {
    list = tags === null ? null : JSON.parse(tags);
  } catch {
    return { sample: 0, tags };
  }
  if (!Array.isArray(list) || !list.includes(OLD_SAMPLE_TAG)) return { sample: 0, tags };
  const rest = list.filter((t) => t !== OLD_SAMPLE_TAG);
  return { sample: 1, tags: rest.length ? JSON.stringify(rest) : null };
}

export interface SampleRemoval {
  recaps: number;
  episodes: number;
  /** Sample media files taken out of the store (those no remaining recap, episode or draft names). */
  media: number;
}

/**
 * Takes the demo content out of a site that now publishes its own: the recaps and
 * episodes flagged as sample content (the seed flags the demo's own), with their
 * comments, and the sample media no remaining item or draft names. Anything the
 * operator made is untouched. Safe to run again (it then removes nothing).
 */
export async function removeSampleContent(db: Kysely<DB>, store: MediaStore): Promise<SampleRemoval> {
  const recapRows = await db.selectFrom("weekly_summaries").select("id").where("sample", "=", 1).execute();
  const episodeRows = await db.selectFrom("podcast_episodes").select("id").where("sample", "=", 1).execute();
  for (const row of recapRows) await deleteWithComments(db, "recap", row.id);
  for (const row of episodeRows) await deleteWithComments(db, "episode", row.id);

  const named = new Set<string>();
  for (const r of await db
    .selectFrom("weekly_summaries")
    .select("blog_image as file")
    .where("blog_image", "is not", null)
    .execute())
    named.add(`weekly-summary-pics/${r.file}`);
  for (const r of await db
    .selectFrom("recap_drafts")
    .select("blog_image as file")
    .where("blog_image", "is not", null)
    .execute())
    named.add(`weekly-summary-pics/${r.file}`);
  for (const r of await db
    .selectFrom("podcast_episodes")
    .select("mp3_file as file")
    .where("mp3_file", "is not", null)
    .execute())
    named.add(`podcast-episodes/${r.file}`);
  for (const r of await db
    .selectFrom("episode_drafts")
    .select("mp3_file as file")
    .where("mp3_file", "is not", null)
    .execute())
    named.add(`podcast-episodes/${r.file}`);
  let media = 0;
  for (const bucket of BUCKETS) {
    for (const file of await fs.readdir(path.join(CONTENT_DIR, "media", bucket))) {
      if (named.has(`${bucket}/${file}`) || !(await store.stat(bucket, file))) continue;
      await store.remove(bucket, file);
      media++;
    }
  }
  return { recaps: recapRows.length, episodes: episodeRows.length, media };
}

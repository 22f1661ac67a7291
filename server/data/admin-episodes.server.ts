import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { tagsColumn } from "#common/topics/topic.ts";
import { deleteWithComments } from "./comments.ts";
import { getEpisode, type Episode, type Series } from "./episodes.server.ts";

/** An episode as the publishing API takes it, with the audio facts read from its file. */
export interface EpisodeInput {
  date: string;
  title: string;
  description: string;
  weekly_daily: Series;
  mp3_file?: string | null | undefined;
  external_key?: string | undefined;
  /** Stored forms (WebVTT or text; JSON chapters), already checked. */
  transcript?: string | null | undefined;
  chapters?: string | null | undefined;
  tags?: string[] | undefined;
}

export interface AudioFacts {
  byteSize: number;
  durationSeconds: number | null;
}

/** Publishes an episode, or returns the one already published under the same external key: `created` says which. */
export async function createEpisode(
  db: Kysely<DB>,
  input: EpisodeInput,
  audio: AudioFacts | null,
  mediaBaseUrl?: string,
): Promise<{ episode: Episode; created: boolean }> {
  if (input.external_key) {
    const existing = await db
      .selectFrom("podcast_episodes")
      .select("id")
      .where("external_key", "=", input.external_key)
      .executeTakeFirst();
    if (existing) return { episode: (await getEpisode(db, existing.id, mediaBaseUrl))!, created: false };
  }
  const row = await db
    .insertInto("podcast_episodes")
    .values({
      date: input.date,
      title: input.title,
      description: input.description,
      weekly_daily: input.weekly_daily,
      mp3_file: input.mp3_file ?? null,
      duration_seconds: audio?.durationSeconds ?? null,
      byte_size: audio?.byteSize ?? null,
      // A permanent id for podcast apps: it never changes, even when the episode is edited.
      guid: randomUUID(),
      external_key: input.external_key ?? null,
      transcript: input.transcript ?? null,
      chapters: input.chapters ?? null,
      tags: tagsColumn(input.tags ?? []),
    })
    .onConflict((oc) => oc.column("external_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) return createEpisode(db, input, audio, mediaBaseUrl);
  return { episode: (await getEpisode(db, row.id, mediaBaseUrl))!, created: true };
}

/** Changes the given fields; `audio` is the new file's facts when `mp3_file` changes. Undefined when there is no such episode. */
export async function updateEpisode(
  db: Kysely<DB>,
  id: number,
  patch: Partial<Omit<EpisodeInput, "external_key">>,
  audio: AudioFacts | null | undefined,
  mediaBaseUrl?: string,
): Promise<Episode | undefined> {
  const values = {
    ...(patch.date !== undefined ? { date: patch.date } : {}),
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.weekly_daily !== undefined ? { weekly_daily: patch.weekly_daily } : {}),
    ...(patch.transcript !== undefined ? { transcript: patch.transcript } : {}),
    ...(patch.chapters !== undefined ? { chapters: patch.chapters } : {}),
    ...(patch.tags !== undefined ? { tags: tagsColumn(patch.tags) } : {}),
    ...(patch.mp3_file !== undefined
      ? {
          mp3_file: patch.mp3_file,
          duration_seconds: audio?.durationSeconds ?? null,
          byte_size: audio?.byteSize ?? null,
        }
      : {}),
  };
  const result = await db
    .updateTable("podcast_episodes")
    .set({ ...values, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return getEpisode(db, id, mediaBaseUrl);
}

/** Deletes an episode and its comments; false when there was none. */
export const deleteEpisode = (db: Kysely<DB>, id: number): Promise<boolean> => deleteWithComments(db, "episode", id);

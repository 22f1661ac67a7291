import type { Chapter } from "../podcast/chapter.ts";
import type { Cue } from "../podcast/transcript-format.ts";

export type Series = "daily" | "weekly";
export const SERIES: readonly Series[] = ["daily", "weekly"];

/** A podcast episode as pages, the API and the feeds see it. */
export interface Episode {
  id: number;
  date: string;
  title: string;
  description: string;
  mp3_file: string | null;
  weekly_daily: Series;
  /** Its topics (issue 26). */
  tags: string[];
  /** Sample content: made for the demo, not reporting. */
  sample: boolean;
  duration_seconds: number | null;
  byte_size: number | null;
  guid: string;
  /** The public address of `mp3_file`, from this site or MEDIA_BASE_URL. */
  audio_url: string | null;
  /** Site paths of the transcript (WebVTT when timed, else plain text) and the JSON chapters, when the episode has them. */
  transcript_url: string | null;
  chapters_url: string | null;
}

/** What the podcast page shows of an episode beyond its card: a timed transcript's cues or a plain one's text, and chapters. */
export interface EpisodeExtras {
  cues?: Cue[];
  text?: string;
  chapters?: Chapter[];
}

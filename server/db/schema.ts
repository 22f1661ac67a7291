import type { Generated, Insertable, Selectable } from "kysely";

/** Dates are ISO strings on both engines: `YYYY-MM-DD` for days, full ISO-8601 UTC for instants. */
export interface WeeklySummariesTable {
  id: Generated<number>;
  date: string;
  headline: string;
  content: string;
  snippets: string | null;
  /** JSON array of strings; see `tagsFromColumn`. */
  tags: string | null;
  blog_image: string | null;
  external_key: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface PodcastEpisodesTable {
  id: Generated<number>;
  date: string;
  title: string;
  description: string;
  mp3_file: string | null;
  weekly_daily: "daily" | "weekly";
  duration_seconds: number | null;
  byte_size: number | null;
  guid: string;
  external_key: string | null;
  /** WebVTT (a timed transcript) or plain text; null when there is none. */
  transcript: string | null;
  /** Podcasting 2.0 JSON chapters; null when there are none. */
  chapters: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type CommentStatus = "visible" | "hidden";

export interface RecapCommentsTable {
  id: string;
  recap_id: number;
  author_name: string;
  comment_text: string;
  status: Generated<CommentStatus>;
  client_address: string | null;
  created_at: string;
}

export interface PodcastCommentsTable {
  id: string;
  episode_id: number;
  author_name: string;
  comment_text: string;
  status: Generated<CommentStatus>;
  client_address: string | null;
  created_at: string;
}

export type ChatJobStatus = "running" | "done" | "failed" | "timed_out";

export interface ChatJobsTable {
  id: string;
  conversation: string;
  message: string;
  status: ChatJobStatus;
  output: string | null;
  /** The upstream's HTTP status when the run failed with one. */
  error_status: number | null;
  client_address: string | null;
  started_at: string;
  finished_at: string | null;
}

/** One row (id 1): bumped by triggers with every change to the content tables. */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/** What a chat conversation is about, kept between its turns (JSON in `context`). */
export interface ChatConversationsTable {
  uuid: string;
  context: string;
  updated_at: string;
}

export type StaffRole = "owner" | "editor";

export interface StaffUsersTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  name: string;
  role: StaffRole;
  /** Null until the person has set a password through their one-time link. */
  password_hash: string | null;
  created_at: string;
}

export interface StaffSessionsTable {
  /** sha256 (hex) of the cookie's secret. */
  id: string;
  user_id: number;
  /** The session's CSRF token, sent back in every form. */
  csrf: string;
  created_at: string;
  expires_at: string;
}

/** One-time links to set a password: sha256 (hex) of the link's secret. */
export interface StaffTokensTable {
  id: string;
  user_id: number;
  expires_at: string;
}

export interface SigninFailuresTable {
  id: Generated<number>;
  /** `email:<address>` or `client:<address>`. */
  key: string;
  at: string;
}

/** A recap not yet public: a draft (publish_at null) or scheduled (publish_at set). */
export interface RecapDraftsTable {
  id: Generated<number>;
  date: string;
  headline: string;
  content: string;
  snippets: string | null;
  tags: string | null;
  blog_image: string | null;
  publish_at: string | null;
  updated_at: string;
}

export interface EpisodeDraftsTable {
  id: Generated<number>;
  date: string;
  title: string;
  description: string;
  mp3_file: string | null;
  weekly_daily: "daily" | "weekly";
  duration_seconds: number | null;
  byte_size: number | null;
  transcript: string | null;
  chapters: string | null;
  publish_at: string | null;
  updated_at: string;
}

/** Each draft published, once: the unique (kind, draft_id) makes a second publication fail. */
export interface PublicationsTable {
  id: Generated<number>;
  kind: "recap" | "episode";
  draft_id: number;
  item_id: number;
  /** "desk" (Publish now) or "schedule:<instance>". */
  published_by: string;
  published_at: string;
}

export interface DB {
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  staff_tokens: StaffTokensTable;
  signin_failures: SigninFailuresTable;
  recap_drafts: RecapDraftsTable;
  episode_drafts: EpisodeDraftsTable;
  publications: PublicationsTable;
  weekly_summaries: WeeklySummariesTable;
  podcast_episodes: PodcastEpisodesTable;
  recap_comments: RecapCommentsTable;
  podcast_comments: PodcastCommentsTable;
  chat_jobs: ChatJobsTable;
  chat_conversations: ChatConversationsTable;
  content_version: ContentVersionTable;
}

export type WeeklySummaryRow = Selectable<WeeklySummariesTable>;
export type NewWeeklySummary = Insertable<WeeklySummariesTable>;
export type PodcastEpisodeRow = Selectable<PodcastEpisodesTable>;
export type NewPodcastEpisode = Insertable<PodcastEpisodesTable>;

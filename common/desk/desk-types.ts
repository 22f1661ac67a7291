// What the desk's pages are given by their loaders: shapes only, so the
// desk's components need nothing from the server to know them.

export type StaffRole = "owner" | "editor";

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** False until the person has set a password with their one-time link. */
  active: boolean;
}

export type DraftState = "draft" | "scheduled";

/** An episode draft as its editor shows it. */
export interface EpisodeDraft {
  id: number;
  date: string;
  title: string;
  description: string;
  mp3_file: string | null;
  weekly_daily: "daily" | "weekly";
  duration_seconds: number | null;
  byte_size: number | null;
  transcript: string | null;
  chapters: string | null;
  /** JSON array of strings (see `tagsFromColumn`). */
  tags: string | null;
  publish_at: string | null;
  updated_at: string;
}

export const STATUS_FILTERS = ["all", "draft", "scheduled", "published"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** One row of a desk list: a draft or scheduled item first, then published ones. */
export interface DeskRow {
  key: string;
  href: string;
  title: string;
  date: string;
  publishAt: string | null;
  /** The public page of a published item. */
  viewHref?: string;
}

export interface DeskListData {
  q: string;
  status: StatusFilter;
  rows: DeskRow[];
  published: { page: number; pageCount: number; total: number };
  done: string | null;
}

/** What a desk form gives back when it cannot be saved: a message per field, and what was typed (to show it again). */
export interface FormProblem {
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
}

/** Where a recap's newsletter send stands. */
export interface SendProgress {
  recapId: number;
  queuedAt: string;
  queuedBy: string;
  recipients: number | null;
  counts: Record<"queued" | "sending" | "sent" | "failed" | "skipped", number>;
  /** Why messages failed or wait for a retry, the commonest reasons first (each begins with its kind: TLS, authentication, refused, timeout, connection). */
  problems: Array<{ reason: string; status: "queued" | "failed"; count: number }>;
}

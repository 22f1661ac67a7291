import type { Generated, Insertable, Selectable } from "kysely";
import type { AnswerProvider } from "#common/chat/kept-answers.ts";
import type { DigestCadence, FollowKind } from "#common/follows/follow-item.ts";

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
  /** 1 for sample content (the demo's own items), 0 for reporting. */
  sample: Generated<number>;
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
  /** JSON array of strings, as a recap's; see `tagsFromColumn`. */
  tags: string | null;
  /** 1 for sample content (the demo's own items), 0 for reporting. */
  sample: Generated<number>;
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
  /** The kept answer (chat_answers) a finished run gave, so a reloaded page can share or judge it. */
  answer_id: string | null;
}

/** An answer the server gave, kept ANSWER_KEEP_DAYS so it can be shared or judged (common/chat/kept-answers.ts). */
export interface ChatAnswersTable {
  id: string;
  /** The conversation's uuid: a share holds answers of one conversation. */
  conversation: string;
  question: string;
  answer: string;
  /** The answer's numbered citations as JSON ({href, label}[]). */
  sources: string;
  provider: AnswerProvider;
  asked_at: string;
  answered_at: string;
}

/** Who publishes a set of figures, under what licence, and what they mean and do not mean (issue 39). */
export interface DataSourcesTable {
  id: string;
  title: string;
  publisher: string;
  url: string;
  licence: string;
  meaning: string;
  caveats: string;
}

/** One file read into a source: every observation names the import that wrote it. */
export interface DataImportsTable {
  id: Generated<number>;
  source_id: string;
  file_name: string;
  /** SHA-256 of the bytes as read (gzipped or not), hex. */
  checksum: string;
  imported_at: string;
  rows_read: number;
  rows_kept: number;
  rows_refused: number;
  /** YYYY-MM: the months the file holds, whose figures it sets. */
  first_period: string;
  last_period: string;
  periods_added: number;
  periods_replaced: number;
}

/** One measure of one geography ("state", "county:polk") and category ("tequila", "tequila/mixto tequila"). */
export interface DataSeriesTable {
  id: Generated<number>;
  source_id: string;
  measure: string;
  unit: string;
  geography: string;
  category: string;
}

/** A series' value for one period (YYYY-MM). */
export interface DataObservationsTable {
  series_id: number;
  period: string;
  value: number;
  import_id: number;
}

/** How an approval was joined to a Top Player. */
export type LabelJoin = "brand" | "alias" | "permit";
/** What an approval is for its holder (issue 41). */
export type ApprovalClass = "new-brand" | "new-product" | "renewal";

/** One label approval of TTB's Public COLA Registry, kept once by its TTB ID. */
export interface LabelApprovalsTable {
  ttb_id: string;
  permit_number: string;
  serial_number: string;
  /** YYYY-MM-DD. */
  completed_on: string;
  /** "" when the label has none. */
  fanciful_name: string;
  brand_name: string;
  origin: string;
  origin_desc: string | null;
  class_type: string;
  class_type_desc: string | null;
  /** The Top Player it was joined to, if any. */
  company_id: number | null;
  joined_by: LabelJoin | null;
  approval_class: ApprovalClass;
  /** The import that first brought it. */
  import_id: number;
}

/** One filing with the SEC, by its accession number ("0000014693-24-000086"). */
export interface SecFilingsTable {
  accession: string;
  cik: number;
  /** "10-K", "10-Q", "20-F", "10-K/A"… */
  form: string;
  /** YYYY-MM-DD. */
  filed_on: string;
  /** The period the report is for (YYYY-MM-DD), where the submissions file gave it. */
  report_date: string | null;
  /** The filing's main document, where the submissions file named it. */
  primary_document: string | null;
  import_id: number;
}

/** What a filed figure is: the measures of docs/public-records.md. */
export type FiledMeasure = "revenue" | "net-sales" | "excise-taxes";

/** One figure as one filing reported it for one period. */
export interface FiledFiguresTable {
  accession: string;
  cik: number;
  /** "us-gaap" or "ifrs-full". */
  taxonomy: string;
  /** The XBRL concept it was tagged with ("RevenueFromContractWithCustomerExcludingAssessedTax"). */
  concept: string;
  measure: FiledMeasure;
  /** "USD". */
  unit: string;
  /** YYYY-MM-DD, first and last day of the period. */
  period_start: string;
  period_end: string;
  value: number;
  /** The filing's fiscal year and period ("FY", "Q1"…): the filing's, not always the figure's. */
  fiscal_year: number | null;
  fiscal_period: string | null;
  import_id: number;
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

export interface ChatSharesTable {
  id: string;
  /** The shared questions and answers as JSON (common/chat/shared-conversation.ts). */
  messages: string;
  remove_key_hash: string;
  created_at: string;
  expires_at: string;
  removed_at: string | null;
  /**
   * The page's conversation, rendered once when it was shared from the server's own answers;
   * null for a copy made before (its text came from the browser, so it is not shown).
   */
  html: string | null;
  /** The first question, for the page's title and its preview. */
  title: string | null;
}

export interface ChatFeedbackTable {
  id: Generated<number>;
  rating: "up" | "down";
  comment: string | null;
  question: string;
  answer: string;
  provider: string;
  created_at: string;
  /** The kept answer judged (one verdict per answer); null for verdicts given before answers were kept. */
  answer_id: string | null;
}

export type { StaffRole } from "#common/desk/desk-types.ts";
import type { EpisodeDraft, StaffRole } from "#common/desk/desk-types.ts";

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

/** An episode draft's row: the editor's EpisodeDraft, numbered by the database. */
export interface EpisodeDraftsTable extends Omit<EpisodeDraft, "id"> {
  id: Generated<number>;
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

/** The recap's status for an address; "none": an address given only to follow (issue 42), never asked for the recap. */
export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed" | "bounced" | "none";

/** The digest of followed items for an address: never asked, waiting for the confirmation, on, or stopped by its owner. */
export type DigestStatus = "none" | "pending" | "on" | "off";

/** An email address that asked for the weekly recap (never shown on a page or written to a log). */
export interface NewsletterSubscribersTable {
  id: Generated<number>;
  /** Lower-cased, trimmed. */
  email: string;
  status: SubscriberStatus;
  /** Where the address was given: home, recap, footer, newsletter (its own page) or cli. */
  source: string;
  requested_at: string;
  /** The consent: when the confirmation link was used. */
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  bounced_at: string | null;
  bounce_reason: string | null;
  /** sha256 (hex) of the one-time confirmation secret; null once used. */
  confirm_token: string | null;
  confirm_expires_at: string | null;
  /** The key in every mail's unsubscribe link (it can only unsubscribe and subscribe again). */
  unsubscribe_key: string;
  digest: Generated<DigestStatus>;
  digest_cadence: Generated<DigestCadence>;
}

/** One item an address follows (issue 42): a company by id, a brand or a topic by slug. */
export interface ReaderFollowsTable {
  id: Generated<number>;
  subscriber_id: number;
  kind: FollowKind;
  item: string;
  created_at: string;
}

/** One digest going out: a week's (`weekly:<until>`) or a recap's alerts (`alert:<recap id>`), each once ever. */
export interface DigestRunsTable {
  id: Generated<number>;
  period_key: string;
  kind: "weekly" | "alert";
  recap_id: number | null;
  /** What counts as new: recaps and episodes published in [since_at, until_at). */
  since_at: string;
  until_at: string;
  queued_by: string;
  queued_at: string;
  expanded_at: string | null;
  recipients: number | null;
}

/** One digest to one reader: unique per pair, sent like a recap's delivery. */
export interface DigestDeliveriesTable {
  id: Generated<number>;
  run_id: number;
  subscriber_id: number;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  owner: string | null;
  lease_until: string | null;
  sent_at: string | null;
  last_error: string | null;
}

/** A recap going out by email: one per recap, ever. */
export interface NewsletterSendsTable {
  id: Generated<number>;
  recap_id: number;
  /** "publish" (automatic), "desk:<staff id>" or "api". */
  queued_by: string;
  queued_at: string;
  /** When the confirmed subscribers of that moment became deliveries. */
  expanded_at: string | null;
  recipients: number | null;
}

export type DeliveryStatus = "queued" | "sending" | "committing" | "sent" | "failed" | "skipped";

/** One recap to one subscriber: unique per pair. */
export interface NewsletterDeliveriesTable {
  id: Generated<number>;
  send_id: number;
  subscriber_id: number;
  status: DeliveryStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** The instance holding it while sending or committing. */
  owner: string | null;
  lease_until: string | null;
  sent_at: string | null;
  last_error: string | null;
}

/** The confirmation mail an address is due (one row per subscriber, renewed when they ask again). */
export interface NewsletterConfirmationsTable {
  id: Generated<number>;
  subscriber_id: number;
  status: "queued" | "sending" | "sent" | "failed" | "skipped";
  attempts: Generated<number>;
  next_attempt_at: string;
  owner: string | null;
  lease_until: string | null;
  sent_at: string | null;
  last_error: string | null;
}

export interface NewsletterPaceTable {
  id: number;
  next_at: number | string;
}

/** A day's random salt for the hashes that tell clients apart; deleted with that day's per-client rows. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

/** One client and episode over 24 hours (IAB Podcast Measurement): a download once `counted`. */
export interface DownloadWindowsTable {
  id: Generated<number>;
  episode_id: number;
  client: string;
  /** The client's network, hashed with the window's day's salt (null on rows older than issue 38). */
  network: string | null;
  started_at: string;
  bytes: number;
  requests: number;
  counted: number;
  app: string;
  platform: string;
}

export interface DownloadDailyTable {
  day: string;
  episode_id: number;
  downloads: number;
}

export interface DownloadAppsDailyTable {
  day: string;
  app: string;
  platform: string;
  downloads: number;
}

export interface ReaderVisitorsTable {
  day: string;
  path: string;
  visitor: string;
}

/** The views a visitor made on a day, and the network (hashed) they came from: the per-network limits. */
export interface ReaderClientsTable {
  day: string;
  network: string;
  visitor: string;
  views: number;
}

export interface ReaderDailyTable {
  day: string;
  path: string;
  views: number;
  visitors: number;
}

export interface ReaderSourcesTable {
  day: string;
  kind: "referrer" | "campaign";
  label: string;
  views: number;
}

/** A CDN log imported with `hub stats import`, by the SHA-256 of its bytes. */
export interface AnalyticsImportsTable {
  digest: string;
  imported_at: string;
  lines: number;
  downloads: number;
}

/** A subscriber's first open or click of one send (only with NEWSLETTER_TRACKING). */
export interface NewsletterEngagementTable {
  send_id: number;
  subscriber_id: number;
  kind: "open" | "click";
  at: string;
}

export interface SiteSecretsTable {
  name: string;
  value: string;
}

export interface DB {
  newsletter_engagement: NewsletterEngagementTable;
  site_secrets: SiteSecretsTable;
  analytics_salts: AnalyticsSaltsTable;
  analytics_imports: AnalyticsImportsTable;
  download_windows: DownloadWindowsTable;
  download_daily: DownloadDailyTable;
  download_apps_daily: DownloadAppsDailyTable;
  reader_visitors: ReaderVisitorsTable;
  reader_clients: ReaderClientsTable;
  reader_daily: ReaderDailyTable;
  reader_sources: ReaderSourcesTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  newsletter_sends: NewsletterSendsTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  newsletter_confirmations: NewsletterConfirmationsTable;
  reader_follows: ReaderFollowsTable;
  digest_runs: DigestRunsTable;
  digest_deliveries: DigestDeliveriesTable;
  chat_shares: ChatSharesTable;
  chat_feedback: ChatFeedbackTable;
  newsletter_pace: NewsletterPaceTable;
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
  chat_answers: ChatAnswersTable;
  chat_conversations: ChatConversationsTable;
  content_version: ContentVersionTable;
  data_sources: DataSourcesTable;
  data_imports: DataImportsTable;
  data_series: DataSeriesTable;
  data_observations: DataObservationsTable;
  label_approvals: LabelApprovalsTable;
  sec_filings: SecFilingsTable;
  filed_figures: FiledFiguresTable;
}

export type WeeklySummaryRow = Selectable<WeeklySummariesTable>;
export type NewWeeklySummary = Insertable<WeeklySummariesTable>;
export type PodcastEpisodeRow = Selectable<PodcastEpisodesTable>;
export type NewPodcastEpisode = Insertable<PodcastEpisodesTable>;

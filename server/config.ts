import path from "node:path";
import { z } from "zod";
import { knownTimeZone, WEEKDAYS } from "./calendar.ts";
import type { PublicConfig } from "#common/config/public-config.ts";

export type { PublicConfig };

/** Thrown for a bad environment: the message is one line that names the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "expected true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const port = z.coerce.number({ message: "expected a port number" }).int().min(0).max(65535);
const positiveInt = z.coerce.number({ message: "expected a whole number" }).int().min(0);
const httpUrl = z
  .url({ message: "expected an http(s) URL" })
  .refine((u) => /^https?:\/\//i.test(u), "expected an http(s) URL");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "expected a postgres:// URL")
    .optional(),
  SEED_DEMO: bool.default(true),
  SITE_BRAND: z.string().trim().min(1).max(40).default("Proofline"),
  ASSISTANT_NAME: z.string().trim().min(1).max(40).default("Eddy"),
  SITE_URL: httpUrl.optional(),
  COMPANY_URL: httpUrl.default("https://proofline.example"),
  LINKEDIN_URL: httpUrl.default("https://www.linkedin.com/company/proofline-example"),
  MEDIA_BASE_URL: httpUrl.optional(),
  CHAT_WEBHOOK_URL: httpUrl.optional(),
  LLM_BASE_URL: httpUrl.optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  ADMIN_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Where uploaded media live: this instance's DATA_DIR, or an S3-protocol store every instance shares. */
  MEDIA_STORE: z.enum(["disk", "s3"], { message: "expected disk or s3" }).default("disk"),
  /** The S3 API's address (MinIO, R2, B2…); unset for AWS itself. */
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket names in the store for the site's two buckets. */
  S3_BUCKET_WEEKLY_SUMMARY_PICS: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "expected an S3 bucket name")
    .default("weekly-summary-pics"),
  S3_BUCKET_PODCAST_EPISODES: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "expected an S3 bucket name")
    .default("podcast-episodes"),
  /** Addresses as <endpoint>/<bucket>/<key> (most self-hosted stores need it); defaults to true when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** The operator's SMTP server for the newsletter (smtp:// or smtps://, with credentials in the URL). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "expected an smtp:// or smtps:// URL")
    .optional(),
  /** The newsletter's sender, e.g. "Proofline <recap@proofline.example>". */
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  /** Messages per second to the SMTP server, counted over every instance together. */
  SMTP_RATE_PER_SECOND: z.coerce
    .number({ message: "expected a number" })
    .min(0.01, "must be at least 0.01")
    .max(10_000, "must be at most 10000")
    .default(10),
  /** SMTP connections each instance sends on side by side (the rate above still holds for all of them together). */
  SMTP_CONNECTIONS: positiveInt.min(1).max(20).default(4),
  /**
   * Count opens (an image in each mail) and clicks (links through a signed redirect) per send. Off by
   * default: it tells the site what each subscriber read, and Apple Mail's privacy protection loads
   * every image anyway (docs/analytics.md).
   */
  NEWSLETTER_TRACKING: bool.default(false),
  /** Send each newly published recap to the confirmed subscribers (false: only `hub newsletter send`). */
  NEWSLETTER_AUTO_SEND: bool.default(true),
  /** How long an instance holds a message it is sending before another may take it over (it died). */
  NEWSLETTER_LEASE_SECONDS: z.coerce
    .number({ message: "expected a number of seconds" })
    .min(0.5, "must be at least 0.5")
    .max(3600, "must be at most 3600")
    .default(60),
  /** The first retry's wait after a temporary failure; each later one waits five times longer. */
  NEWSLETTER_RETRY_SECONDS: z.coerce
    .number({ message: "expected a number of seconds" })
    .min(0.1, "must be at least 0.1")
    .max(86_400, "must be at most 86400")
    .default(60),
  /** Subscribe requests per client address per hour (each address also gets at most 3 confirmation emails a day). */
  SUBSCRIBE_RATE_PER_HOUR: positiveInt.min(1).default(10),
  /** Follow requests per client address, and per email address, an hour (issue 42). */
  FOLLOW_RATE_PER_HOUR: positiveInt.min(1).default(30),
  /** Send the weekly digest of follows on its own, on DIGEST_DAY at DIGEST_HOUR (false: only `hub digest send`). */
  DIGEST_AUTO_SEND: bool.default(true),
  DIGEST_DAY: z.enum(WEEKDAYS, { message: `expected a day of the week (${WEEKDAYS.join(", ")})` }).default("monday"),
  DIGEST_HOUR: z.coerce.number({ message: "expected an hour, 0 to 23" }).int().min(0).max(23).default(7),
  /** The site's time zone (an IANA name): when the weekly digest goes out. */
  SITE_TIME_ZONE: z
    .string()
    .refine(knownTimeZone, "expected a time zone name such as America/New_York")
    .default("America/New_York"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "expected a redis:// URL")
    .optional(),
  TRUST_PROXY: positiveInt.max(10).default(0),
  COMMENT_RATE_PER_MINUTE: positiveInt.min(1).default(2),
  COMMENT_RATE_PER_DAY: positiveInt.min(1).default(20),
  CHAT_RATE_PER_MINUTE: positiveInt.min(1).default(20),
  /** Read-only copies of conversations one client address may publish in an hour. */
  CHAT_SHARE_RATE_PER_HOUR: positiveInt.min(1).default(20),
  /** Thumbs up or down one client address may send in an hour. */
  CHAT_FEEDBACK_RATE_PER_HOUR: positiveInt.min(1).default(60),
  DEEP_RESEARCH_PER_ADDRESS: positiveInt.min(1).default(2),
  /**
   * Renders the page cache cannot answer (a new search, an unknown id) one client address may
   * cause in a minute; a sixth of it in any 10 seconds. Past it, 429 with Retry-After.
   */
  UNCACHED_RATE_PER_MINUTE: positiveInt.min(6, "must be at least 6").default(120),
  /**
   * Memory for request bodies read whole (forms, JSON) that this process holds at once; past it,
   * 503 with Retry-After. Keep it above the editors' 4 MB forms.
   */
  BODY_BUFFER_MB: positiveInt.min(1, "must be at least 1").max(4096).default(64),
  /**
   * The largest market-data file an import takes (desk upload or publishing API), as sent: the
   * whole Iowa file is 23 MB as plain CSV, 4.5 MB gzipped. Larger is 413, nothing kept.
   */
  DATA_IMPORT_MB: positiveInt.min(1, "must be at least 1").max(4096).default(100),
  /** Memory for rendered pages (each kept as plain, gzip and brotli bytes). */
  PAGE_CACHE_MB: positiveInt.min(1).max(4096).default(32),
  /** Count podcast downloads and page views on the server (docs/analytics.md); false counts nothing. */
  ANALYTICS: bool.default(true),
  /**
   * Answer what the page cache holds (pages, API lists, feeds) before Express (server/http/fast-path.ts);
   * false sends every request through Express, to compare the two or rule the fast path out.
   */
  FAST_PATH: bool.default(true),
  /** How long counted events wait in memory before they are written in one batch (what a crash can lose). */
  ANALYTICS_FLUSH_SECONDS: z.coerce
    .number({ message: "expected a number of seconds" })
    .min(0.05, "must be at least 0.05")
    .max(60, "must be at most 60")
    .default(5),
  /** How often each instance looks for scheduled recaps and episodes that are due. */
  SCHEDULE_POLL_SECONDS: z.coerce
    .number({ message: "expected a number of seconds" })
    .min(0.2, "must be at least 0.2")
    .max(3600, "must be at most 3600")
    .default(15),
  /** The longest a request other than an upload may take to arrive whole (slow senders hold connections). */
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ message: "expected a number of seconds" })
    .min(1, "must be at least 1")
    .max(3600, "must be at most 3600")
    .default(300),
  /** An upload (media, a restore) is cut when no byte of it arrives for this long; however long it takes in all. */
  UPLOAD_IDLE_SECONDS: z.coerce
    .number({ message: "expected a number of seconds" })
    .min(1, "must be at least 1")
    .max(3600, "must be at most 3600")
    .default(60),
  /**
   * Unfinished multipart uploads and temporary media files older than this are a crashed upload's
   * leftovers, removed by the sweep each instance runs at start and hourly. It must exceed the longest
   * upload (a sweep aborts anything older, in flight or not); tests lower it.
   */
  MEDIA_ORPHAN_AGE_SECONDS: z.coerce
    .number({ message: "expected a number of seconds" })
    .min(1, "must be at least 1")
    .max(30 * 86_400, "must be at most 2592000")
    .default(86_400),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The share of successful requests that get a log line (0 to 1); 4xx and 5xx are always logged. */
  REQUEST_LOG_SAMPLE: z.coerce.number().min(0, "must be from 0 to 1").max(1, "must be from 0 to 1").default(1),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, "SITE_URL" | "DATA_DIR" | "MEDIA_BASE_URL"> {
  DATA_DIR: string;
  SITE_URL: string;
  MEDIA_BASE_URL: string | undefined;
  isDevelopment: boolean;
}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) out[key] = value === "" ? undefined : value;
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = env[name];
    // Secrets are never echoed back.
    const shown = value !== undefined && !/TOKEN|KEY|URL/.test(name) ? ` (got "${value}")` : "";
    throw new ConfigError(`Invalid ${name}: ${issue.message}${shown}`);
  }
  const e = parsed.data;
  const llmParts = [e.LLM_BASE_URL, e.LLM_API_KEY, e.LLM_MODEL].filter(Boolean).length;
  if (llmParts > 0 && llmParts < 3) {
    const missing = (["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL"] as const).find((k) => !e[k]);
    throw new ConfigError(`Invalid ${missing}: LLM_BASE_URL, LLM_API_KEY and LLM_MODEL must be set together`);
  }
  if (e.MEDIA_STORE === "s3" && Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      `Invalid ${e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together`,
    );
  }
  if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM)) {
    throw new ConfigError(
      `Invalid ${e.SMTP_URL ? "MAIL_FROM" : "SMTP_URL"}: SMTP_URL and MAIL_FROM must be set together`,
    );
  }
  const trim = (u: string | undefined) => u?.replace(/\/+$/, "");
  return {
    ...e,
    DATA_DIR: path.resolve(e.DATA_DIR),
    SITE_URL: trim(e.SITE_URL) ?? `http://localhost:${e.PORT}`,
    MEDIA_BASE_URL: trim(e.MEDIA_BASE_URL),
    isDevelopment: e.NODE_ENV === "development",
  };
}

export function publicConfig(config: Config): PublicConfig {
  return {
    brand: config.SITE_BRAND,
    assistantName: config.ASSISTANT_NAME,
    siteUrl: config.SITE_URL,
    companyUrl: config.COMPANY_URL,
    linkedinUrl: config.LINKEDIN_URL,
    newsletterOpen: Boolean(config.SMTP_URL && config.MAIL_FROM),
  };
}

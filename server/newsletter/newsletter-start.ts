import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { startNewsletterSender, type ExtraQueue } from "./sender.ts";
import { SmtpClient } from "./smtp-client.ts";

/**
 * The newsletter's sending loop, when mail is set up (a no-op stop otherwise).
 * It renders recaps with the app's markdown renderer, so server/http/app.ts puts it in the
 * server bundle (re-exported there for server/main.ts).
 */
export function startNewsletter(
  config: Config,
  database: Database,
  logger: Logger,
  extra?: ExtraQueue,
): () => Promise<void> {
  const { SMTP_URL: smtpUrl, MAIL_FROM: from } = config;
  if (!smtpUrl || !from) return async () => {};
  return startNewsletterSender({
    db: database.db,
    holdWrite: database.holdWrite,
    logger,
    smtp: () => new SmtpClient(smtpUrl, from),
    lanes: config.SMTP_CONNECTIONS,
    site: { brand: config.SITE_BRAND, siteUrl: config.SITE_URL },
    ratePerSecond: config.SMTP_RATE_PER_SECOND,
    leaseSeconds: config.NEWSLETTER_LEASE_SECONDS,
    retrySeconds: config.NEWSLETTER_RETRY_SECONDS,
    idleSeconds: Math.min(config.SCHEDULE_POLL_SECONDS, 5),
    mediaBaseUrl: config.MEDIA_BASE_URL,
    tracking: config.NEWSLETTER_TRACKING,
    extra,
  });
}

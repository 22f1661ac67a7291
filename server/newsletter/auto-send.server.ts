import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import type { DB } from "../db/schema.ts";
import { queueRecap } from "./send-queue.server.ts";

/** Whether publishing a recap mails it: mail is set up and NEWSLETTER_AUTO_SEND is on. */
export interface NewsletterPolicy {
  autoSend: boolean;
}

export const newsletterPolicy = (
  config: Pick<Config, "NEWSLETTER_AUTO_SEND" | "SMTP_URL" | "MAIL_FROM">,
): NewsletterPolicy => ({
  autoSend: config.NEWSLETTER_AUTO_SEND && Boolean(config.SMTP_URL && config.MAIL_FROM),
});

/** A recap dated longer ago than this is an import of the archive, not news: it is not mailed by itself. */
export const NEWS_DAYS = 7;

/**
 * Called where a recap becomes public (the publishing API, Publish now, the
 * schedule), inside that transaction: the recap is queued for the subscribers
 * exactly when it is published, or not at all.
 */
export async function queueOnPublish(
  db: Kysely<DB>,
  policy: NewsletterPolicy | undefined,
  recap: { id: number; date: string },
  now = new Date(),
): Promise<boolean> {
  if (!policy?.autoSend) return false;
  const oldest = new Date(now.getTime() - NEWS_DAYS * 86_400_000).toISOString().slice(0, 10);
  if (recap.date < oldest) return false;
  return (await queueRecap(db, recap.id, "publish", now)).queued;
}

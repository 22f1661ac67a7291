import type { Config } from "../config.ts";
import { SmtpClient, type OutgoingMail, type SentMail } from "./smtp-client.ts";

export type Mailer = (mail: OutgoingMail) => Promise<SentMail>;

/**
 * Sends one mail at a time through the operator's SMTP server (SMTP_URL, from
 * MAIL_FROM), or is undefined when mail is not set up. Bulk mail carries
 * List-Unsubscribe with List-Unsubscribe-Post: List-Unsubscribe=One-Click
 * (RFC 8058), which large mailbox providers require of bulk senders.
 */
export function smtpMailer(config: Pick<Config, "SMTP_URL" | "MAIL_FROM">): Mailer | undefined {
  if (!config.SMTP_URL || !config.MAIL_FROM) return undefined;
  const client = new SmtpClient(config.SMTP_URL, config.MAIL_FROM);
  return (mail) => client.send(mail);
}

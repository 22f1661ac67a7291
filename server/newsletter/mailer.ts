import nodemailer from "nodemailer";
import type { Config } from "../config.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The one-click address (RFC 8058): mailbox providers POST to it; the visible link in the mail is the same. */
  unsubscribeUrl?: string;
  /** A stable id, so that a copy sent again is recognised as the same message. */
  messageId?: string;
}

export type Mailer = (mail: OutgoingMail) => Promise<{ messageId: string; response: string }>;

/**
 * Sends through the operator's SMTP server (SMTP_URL, from MAIL_FROM), or is
 * undefined when mail is not set up. Bulk mail carries List-Unsubscribe with
 * List-Unsubscribe-Post: List-Unsubscribe=One-Click (RFC 8058), which large
 * mailbox providers require of bulk senders.
 */
export function smtpMailer(config: Pick<Config, "SMTP_URL" | "MAIL_FROM">): Mailer | undefined {
  if (!config.SMTP_URL || !config.MAIL_FROM) return undefined;
  const transport = nodemailer.createTransport(config.SMTP_URL);
  const from = config.MAIL_FROM;
  return async (mail) => {
    const info = await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
      ...(mail.unsubscribeUrl
        ? { list: { unsubscribe: { url: mail.unsubscribeUrl, comment: "Unsubscribe" } }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
        : {}),
    });
    return { messageId: info.messageId, response: info.response };
  };
}

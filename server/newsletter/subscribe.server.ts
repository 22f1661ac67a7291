import type { Redis } from "ioredis";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Config } from "../config.ts";
import type { DB } from "../db/schema.ts";
import { RateLimit, RateLimitError, waitText } from "../limits/rate-limit.ts";
import { smtpMailer, type Mailer } from "./mailer.ts";
import { wakeSenderAfterAnswer } from "./queue-signal.ts";
import type { EmailSite } from "./recap-email.ts";
import { digestOf } from "./link-secret.ts";
import { emailAddress, requestSubscription, SUBSCRIBE_SOURCES } from "./subscribers.server.ts";
import { FOLLOW_TEXTS } from "#common/follows/follow-item.ts";

/** Confirmation mails one address may be sent a day: enough to lose one, too few to flood anyone. */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;

export const NEWSLETTER_TEXT = {
  closed: "Email subscriptions are not open yet.",
  checkInbox:
    "Check your inbox: we sent you a link to confirm your subscription. It works for 48 hours. Nothing there? Look in your spam folder.",
  tooMany: (wait: string) => `Too many sign-ups from your network. Please try again in ${wait}.`,
} as const;

/** What the subscribe form needs on the server: the mail transport and the limits. */
export interface NewsletterServices {
  mailer: Mailer | undefined;
  perClient: RateLimit;
  perAddress: RateLimit;
  /** The follow form's own limits (issue 42): per client, and per address asked for (by its sha256). */
  followPerClient: RateLimit;
  followPerAddress: RateLimit;
  site: EmailSite;
}

export function newsletterServices(config: Config, redis?: Redis): NewsletterServices {
  return {
    mailer: smtpMailer(config),
    perClient: new RateLimit(
      "subscribe-client",
      [{ points: config.SUBSCRIBE_RATE_PER_HOUR, seconds: 3600 }],
      (s) => NEWSLETTER_TEXT.tooMany(waitText(s)),
      redis,
    ),
    // Keyed by the address's sha256: the address itself never reaches Redis.
    perAddress: new RateLimit(
      "subscribe-address",
      [{ points: CONFIRMATIONS_PER_ADDRESS_PER_DAY, seconds: 86_400 }],
      () => "",
      redis,
    ),
    followPerClient: new RateLimit(
      "follow-client",
      [{ points: config.FOLLOW_RATE_PER_HOUR, seconds: 3600 }],
      (s) => FOLLOW_TEXTS.tooManyFromNetwork(waitText(s)),
      redis,
    ),
    followPerAddress: new RateLimit(
      "follow-address",
      [{ points: config.FOLLOW_RATE_PER_HOUR, seconds: 3600 }],
      (s) => FOLLOW_TEXTS.tooManyForAddress(waitText(s)),
      redis,
    ),
    site: { brand: config.SITE_BRAND, siteUrl: config.SITE_URL },
  };
}

const subscribeForm = z.object({
  email: emailAddress,
  source: z.enum(SUBSCRIBE_SOURCES).catch("newsletter"),
  // The honeypot: people never see it, so never fill it.
  website: z.string().optional(),
});

export type SubscribeAnswer =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 429 | 503; error: string; retryAfter?: number; email?: string };

/**
 * The subscribe form's action: checks the address, counts the request against
 * the client's and the address's limits, records it as pending and queues the
 * one-time confirmation mail, which the newsletter sender sends (with retries)
 * after this answer. Every accepted request gets the same answer, in about the
 * same time, whether the address was new, pending or subscribed already: the
 * page tells nobody who is on the list, by its words or by how long it took
 * (sending inline made a new address wait for the mail server).
 */
export async function subscribeFromForm(
  db: Kysely<DB>,
  services: NewsletterServices,
  form: FormData,
  client: string,
): Promise<SubscribeAnswer> {
  if (!services.mailer) return { ok: false, status: 503, error: NEWSLETTER_TEXT.closed };
  const parsed = subscribeForm.safeParse({
    email: form.get("email") ?? "",
    source: form.get("source") ?? undefined,
    website: form.get("website") ?? undefined,
  });
  const given = String(form.get("email") ?? "").slice(0, 254);
  if (!parsed.success)
    return {
      ok: false,
      status: 400,
      error: parsed.error.issues[0]?.message ?? "Enter a valid email address.",
      email: given,
    };
  const { email, source, website } = parsed.data;
  const accepted = { ok: true as const, message: NEWSLETTER_TEXT.checkInbox };
  if (website) return accepted; // A robot filled the hidden field: it learns nothing.
  try {
    await services.perClient.consume(client);
  } catch (err) {
    if (err instanceof RateLimitError)
      return { ok: false, status: 429, error: err.message, retryAfter: err.retryAfterSeconds, email };
    throw err;
  }
  try {
    await services.perAddress.consume(digestOf(email));
  } catch (err) {
    // The owner has the earlier mails; more would only help someone flood the address.
    if (err instanceof RateLimitError) return accepted;
    throw err;
  }
  await requestSubscription(db, email, source);
  wakeSenderAfterAnswer();
  return accepted;
}

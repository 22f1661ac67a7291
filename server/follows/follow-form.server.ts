// The follow form's action (issue 42): the address, the item, the limits, then the follow recorded
// and, for an address that gets no mail from the hub yet, its confirmation mail queued. Every
// accepted request gets the same answer whatever the address, after the same work (one
// transaction, the sender woken after the answer), so neither the words nor the time tell whether
// an address is known (npm run bench:follow-timing).
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.ts";
import type { Company } from "../content/companies.server.ts";
import { RateLimitError } from "../limits/rate-limit.ts";
import { digestOf } from "../newsletter/link-secret.ts";
import { wakeSenderAfterAnswer } from "../newsletter/queue-signal.ts";
import type { NewsletterServices } from "../newsletter/subscribe.server.ts";
import { emailAddress } from "../newsletter/subscribers.server.ts";
import { findFollowItem } from "./follow-items.server.ts";
import { requestFollow } from "./follows.server.ts";
import { FOLLOW_KINDS, FOLLOW_SOURCES, FOLLOW_TEXTS, type FollowItem } from "#common/follows/follow-item.ts";

const followForm = z.object({
  kind: z.enum(FOLLOW_KINDS, { message: FOLLOW_TEXTS.unknownItem }),
  item: z.string().trim().min(1, FOLLOW_TEXTS.unknownItem).max(200, FOLLOW_TEXTS.unknownItem),
  email: emailAddress,
  source: z.enum(FOLLOW_SOURCES).catch("follow"),
  // The honeypot: people never see it, so never fill it.
  website: z.string().optional(),
});

export type FollowAnswer =
  | { ok: true; message: string; item: FollowItem }
  | {
      ok: false;
      status: 400 | 404 | 429 | 503;
      error: string;
      retryAfter?: number;
      email?: string;
      item?: FollowItem | undefined;
    };

export async function followFromForm(
  db: Kysely<DB>,
  services: NewsletterServices,
  companies: readonly Company[],
  form: FormData,
  client: string,
): Promise<FollowAnswer> {
  const given = String(form.get("email") ?? "").slice(0, 254);
  const kind = FOLLOW_KINDS.find((k) => k === form.get("kind"));
  const key = String(form.get("item") ?? "").trim();
  const item = kind && key ? await findFollowItem(db, companies, kind, key) : undefined;
  // An unknown item is refused before anything is counted or stored.
  if (!item) return { ok: false, status: 404, error: FOLLOW_TEXTS.unknownItem, email: given };
  if (!services.mailer) return { ok: false, status: 503, error: FOLLOW_TEXTS.closed, item };
  const parsed = followForm.safeParse({
    kind,
    item: key,
    email: form.get("email") ?? "",
    source: form.get("source") ?? undefined,
    website: form.get("website") ?? undefined,
  });
  if (!parsed.success)
    return {
      ok: false,
      status: 400,
      error: parsed.error.issues[0]?.message ?? "Enter a valid email address.",
      email: given,
      item,
    };
  const { email, source, website } = parsed.data;
  const accepted = { ok: true as const, message: FOLLOW_TEXTS.checkInbox(item.name), item };
  if (website) return accepted; // A robot filled the hidden field: it learns nothing.
  try {
    await services.followPerClient.consume(client);
    await services.followPerAddress.consume(digestOf(email));
  } catch (err) {
    if (err instanceof RateLimitError)
      return { ok: false, status: 429, error: err.message, retryAfter: err.retryAfterSeconds, email, item };
    throw err;
  }
  // The confirmation mails an address may get a day are the newsletter's: shared, so the two forms
  // together cannot flood anyone. Past them the follow is kept and no mail is queued.
  let mayMail = true;
  try {
    await services.perAddress.consume(digestOf(email));
  } catch (err) {
    if (!(err instanceof RateLimitError)) throw err;
    mayMail = false;
  }
  await requestFollow(db, email, { kind: item.kind, key: item.key }, source, { mayMail });
  wakeSenderAfterAnswer();
  return accepted;
}

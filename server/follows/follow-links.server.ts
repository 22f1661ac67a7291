// The signed links in every digest (issue 42): one opens the page of the address's
// follows, the other stops the digest (RFC 8058 one-click). A link is
// `<subscriber id>-<signature>`; the signature covers the subscriber's unsubscribe key
// too, so a deleted address's old links open nothing, even if its id comes back.
// Not a dot between the two: a path ending in `.` and letters reads as a file
// (security-headers.ts, looksLikePage), and a file's strict CSP (form-action 'none')
// blocked the page's own buttons whenever a signature held no `-` or `_`.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { siteKey } from "../newsletter/mail-tracking.ts";

export type FollowLinkPurpose = "manage" | "stop";

export const followLinkKey = (db: Kysely<DB>) => siteKey(db, "follow-links");

const signature = (key: string, id: number, unsubscribeKey: string, purpose: FollowLinkPurpose) =>
  createHmac("sha256", key).update(`${id}\n${unsubscribeKey}\n${purpose}`).digest("base64url").slice(0, 27);

export const followLinkToken = (key: string, id: number, unsubscribeKey: string, purpose: FollowLinkPurpose) =>
  `${id}-${signature(key, id, unsubscribeKey, purpose)}`;

/** The subscriber a link names, when its signature holds for this purpose; undefined otherwise. */
export async function readFollowLink(
  db: Kysely<DB>,
  token: string,
  purpose: FollowLinkPurpose,
): Promise<{ id: number } | undefined> {
  const m = /^(\d{1,12})-([\w-]{27})$/.exec(token);
  if (!m) return undefined;
  const id = Number(m[1]);
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select(["id", "unsubscribe_key"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const expected = Buffer.from(signature(await followLinkKey(db), id, row.unsubscribe_key, purpose));
  const given = Buffer.from(m[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { id } : undefined;
}

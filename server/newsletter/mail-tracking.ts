import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** Addresses of the tracking image and the click redirect: the delivery, then its signature. */
export const openPath = (token: string) => `/newsletter/o/${token}.gif`;
export const clickPath = (token: string, url: string) => `/newsletter/c/${token}?u=${encodeURIComponent(url)}`;

/** A key this site signs links with, by name: made by the first instance that needs it, then shared. */
export async function siteKey(db: Kysely<DB>, name: string): Promise<string> {
  await db
    .insertInto("site_secrets")
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  return (await db.selectFrom("site_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow()).value;
}

/** The key this site signs its tracking links with. */
export const trackingKey = (db: Kysely<DB>) => siteKey(db, "newsletter-links");

const signature = (key: string, what: string) =>
  createHmac("sha256", key).update(what).digest("base64url").slice(0, 22);

/** A delivery's token for one purpose (the image, or one link's address): `<send>.<subscriber>.<signature>`. */
export const trackingToken = (key: string, sendId: number, subscriberId: number, purpose: string) =>
  `${sendId}.${subscriberId}.${signature(key, `${sendId}\n${subscriberId}\n${purpose}`)}`;

/** The send and subscriber a token names, when its signature holds for this purpose. */
export function readToken(
  key: string,
  token: string,
  purpose: string,
): { sendId: number; subscriberId: number } | undefined {
  const m = /^(\d{1,12})\.(\d{1,12})\.([\w-]{22})$/.exec(token);
  if (!m) return undefined;
  const expected = Buffer.from(signature(key, `${m[1]}\n${m[2]}\n${purpose}`));
  const given = Buffer.from(m[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { sendId: Number(m[1]), subscriberId: Number(m[2]) };
}

/**
 * One subscriber's copy of a recap's HTML with tracking: every outside link
 * through the signed redirect (never the unsubscribe link), and the image at the
 * end. The plain-text part is left as it is.
 */
export function trackedHtml(
  html: string,
  key: string,
  siteUrl: string,
  delivery: { sendId: number; subscriberId: number },
  unsubscribeUrl: string,
): string {
  const token = (purpose: string) => trackingToken(key, delivery.sendId, delivery.subscriberId, purpose);
  const linked = html.replace(/href="(https?:\/\/[^"]+)"/g, (whole, escaped: string) => {
    const url = escaped.replaceAll("&amp;", "&");
    if (url === unsubscribeUrl) return whole;
    return `href="${siteUrl}${clickPath(token(`click ${url}`), url).replaceAll("&", "&amp;")}"`;
  });
  const pixel = `<img src="${siteUrl}${openPath(token("open"))}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
  return linked.replace("</body>", `${pixel}</body>`);
}

/** Records a subscriber's first open or click of a send (later ones change nothing). */
export async function recordEngagement(
  db: Kysely<DB>,
  sendId: number,
  subscriberId: number,
  kind: "open" | "click",
): Promise<void> {
  await db
    .insertInto("newsletter_engagement")
    .values({ send_id: sendId, subscriber_id: subscriberId, kind, at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["send_id", "subscriber_id", "kind"]).doNothing())
    .execute();
}

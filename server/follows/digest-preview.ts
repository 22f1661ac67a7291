// `hub digest preview <address>` (issue 42): the digest an address would get for the last seven
// days, composed exactly as a sent one is, or why it would get none.
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Company } from "../content/companies.server.ts";
import type { EmailSite } from "../newsletter/recap-email.ts";
import type { Topic } from "../search/topics.server.ts";
import { composeDigest, readDigestWindow, type DigestWindow } from "./digest-compose.ts";
import { digestEmail, type DigestEmail } from "./digest-email.ts";
import { followItems } from "./follow-items.server.ts";
import { followLinkKey, followLinkToken } from "./follow-links.server.ts";
import { followsOf, type FollowRow } from "./follows.server.ts";
import { digestUnsubscribePath, manageFollowsPath } from "#common/follows/follow-item.ts";

export const WEEK_MS = 7 * 86_400_000;

export type DigestPreview =
  | { status: "unknown" }
  | { status: "not-on"; digest: string }
  | { status: "empty"; since: string; until: string }
  | ({ status: "ready"; since: string; until: string } & DigestEmail);

/** One address's digest over `window`, with its signed links; undefined when nothing is new. */
export async function digestFor(
  db: Kysely<DB>,
  companies: readonly Company[],
  site: EmailSite,
  subscriber: { id: number; unsubscribe_key: string },
  window: DigestWindow,
  title: string,
  options: { withRecaps?: boolean; topics?: readonly Topic[]; linkKey?: string; follows?: readonly FollowRow[] } = {},
): Promise<(DigestEmail & { unsubscribeUrl: string }) | undefined> {
  const follows = options.follows ?? (await followsOf(db, subscriber.id));
  const items = await followItems(db, companies, follows, options.topics);
  const sections = composeDigest(window, companies, items, options);
  if (sections.length === 0) return undefined;
  const key = options.linkKey ?? (await followLinkKey(db));
  const link = (purpose: "manage" | "stop") => followLinkToken(key, subscriber.id, subscriber.unsubscribe_key, purpose);
  const links = {
    manageUrl: `${site.siteUrl}${manageFollowsPath(link("manage"))}`,
    unsubscribeUrl: `${site.siteUrl}${digestUnsubscribePath(link("stop"))}`,
  };
  return { ...digestEmail(sections, site, links, title), unsubscribeUrl: links.unsubscribeUrl };
}

export async function previewDigest(
  db: Kysely<DB>,
  companies: readonly Company[],
  site: EmailSite,
  email: string,
  now = new Date(),
): Promise<DigestPreview> {
  const subscriber = await db
    .selectFrom("newsletter_subscribers")
    .select(["id", "unsubscribe_key", "digest"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (!subscriber) return { status: "unknown" };
  if (subscriber.digest !== "on") return { status: "not-on", digest: subscriber.digest };
  const until = now.toISOString();
  const since = new Date(now.getTime() - WEEK_MS).toISOString();
  const window = await readDigestWindow(db, since, until);
  const made = await digestFor(db, companies, site, subscriber, window, `Your weekly digest, ${until.slice(0, 10)}`);
  return made ? { status: "ready", since, until, ...made } : { status: "empty", since, until };
}

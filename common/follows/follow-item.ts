// What a reader can follow (issue 42) and the words the follow forms and pages use, shared by the
// pages and the server. A followed item is named by its kind and key: a company by its id, a brand,
// a topic or a market family (its figures on /data/<family>) by its slug.

import { dataFamilyPath } from "../market/market-paths.ts";

export const FOLLOW_KINDS = ["company", "brand", "topic", "market"] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** What each kind is called beside an item's name (a digest's section, the manage page's list). */
export const FOLLOW_KIND_WORDS: Record<FollowKind, string> = {
  company: "Company",
  brand: "Brand",
  topic: "Topic",
  market: "Market data",
};

export const DIGEST_CADENCES = ["weekly", "immediate"] as const;
export type DigestCadence = (typeof DIGEST_CADENCES)[number];

/** One followable item as pages show it. */
export interface FollowItem {
  kind: FollowKind;
  key: string;
  name: string;
  /** Its page on the site. */
  url: string;
  /** Its RSS feed: the same items as the digest, for readers who would rather not give an address. */
  feedUrl: string;
  /** For a brand: the company that owns it. */
  owner?: string;
}

export const FOLLOW_PATH = "/follow";
/** The follow form alone, for one item: linked from search results and brand lists. */
export const followPagePath = (kind: FollowKind, key: string) =>
  `${FOLLOW_PATH}?kind=${kind}&item=${encodeURIComponent(key)}`;
export const followFeedPath = (kind: FollowKind, key: string) => `/feeds/follow/${kind}/${encodeURIComponent(key)}.xml`;
/** A market family is named as its page is, "Tequila in Iowa": the figures are the state's. */
export const marketFollowItem = (slug: string, label: string): FollowItem => ({
  kind: "market",
  key: slug,
  name: `${label} in Iowa`,
  url: dataFamilyPath(slug),
  feedUrl: followFeedPath("market", slug),
});
export const manageFollowsPath = (token: string) => `/follows/${token}`;
export const digestUnsubscribePath = (token: string) => `/follows/unsubscribe/${token}`;

/** Where a follow form stood: kept as the consent's source, like the newsletter's. */
export const FOLLOW_SOURCES = ["profile", "topic", "search", "follow", "data"] as const;
export type FollowSource = (typeof FOLLOW_SOURCES)[number];

export const FOLLOW_TEXTS = {
  button: "Follow",
  label: "Email address",
  intro: (name: string) =>
    `Get what the hub finds about ${name} in a weekly email. No account; every email has a one-click unsubscribe link.`,
  checkInbox: (name: string) =>
    `Check your inbox. If this address is new to us, we sent a link to confirm it; it works for 48 hours. If it is confirmed already, ${name} is in your next digest.`,
  tooManyFromNetwork: (wait: string) => `Too many follows from your network. Please try again in ${wait}.`,
  tooManyForAddress: (wait: string) => `Too many follows for this address. Please try again in ${wait}.`,
  unknownItem: "There is nothing to follow by that name.",
  closed: "Email subscriptions are not open yet.",
  orFeed: "Rather not give an address? Follow the RSS feed",
  manageTitle: "What you follow",
  noFollows: "You follow nothing at the moment.",
  removed: (name: string) => `You no longer follow ${name}.`,
  removedAll: "You no longer follow anything.",
  cadenceSaved: (cadence: DigestCadence) =>
    cadence === "weekly"
      ? "Saved: one digest a week."
      : "Saved: an alert as soon as a recap names a company you follow.",
  digestStopped: "Digest stopped. The Weekly Recap, if you get it, is not affected.",
  digestStarted: "Digest started again.",
  badLink: "This link is not valid. Use the link in your latest digest.",
} as const;

export const CADENCE_NAMES: Record<DigestCadence, string> = {
  weekly: "Weekly digest",
  immediate: "Alert as soon as a recap names a company I follow",
};

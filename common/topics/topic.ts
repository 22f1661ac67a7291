// Topics (issue 26): every tag on a recap or an episode is a topic with its own
// page, feed and place in the sitemap. A topic's address comes from its tag, so
// spellings that differ only in case, accents or punctuation ("On-Premise",
// "on premise") are one topic.
import { fold } from "../content/fold.ts";

/** The part of a topic's address its tag gives: "New York" → "new-york"; empty for a tag with no letters or digits. */
export function topicSlug(tag: string): string {
  return fold(tag)
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

export const TOPICS_PATH = "/topics";
/** What a topic page says when no recap or episode has the topic. */
export const TOPIC_NOT_FOUND = "No recap or episode has this topic.";
/** A topic's page; undefined for a tag that gives no address. */
export function topicPath(tag: string): string | undefined {
  const slug = topicSlug(tag);
  return slug ? `${TOPICS_PATH}/${encodeURIComponent(slug)}` : undefined;
}
/** A topic's RSS feed. */
export const topicFeedPath = (slug: string) => `/feeds/topics/${encodeURIComponent(slug)}.xml`;

/** Items a topic page shows. */
export const TOPIC_PAGE = 20;
/** Items a topic's feed carries, newest first. */
export const TOPIC_FEED_SIZE = 50;
/** Companies named beside a topic's items. */
export const TOPIC_COMPANIES = 8;

/** A tags column (a JSON array of strings) as its tags; none when it is empty or unreadable. */
export function tagsFromColumn(column: string | null): string[] {
  if (!column) return [];
  try {
    const value: unknown = JSON.parse(column);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}
/** Tags as their column stores them: null for none. */
export const tagsColumn = (tags: readonly string[]): string | null => (tags.length ? JSON.stringify(tags) : null);

/** "12 recaps", "1 episode": a count and its noun. */
export const countOf = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What a topic holds, in words: "2 recaps · 1 episode" (a kind it has none of is left out). */
export const topicCounts = (topic: Pick<TopicSummary, "recaps" | "episodes">) =>
  [
    topic.recaps ? countOf(topic.recaps, "recap", "recaps") : "",
    topic.episodes ? countOf(topic.episodes, "episode", "episodes") : "",
  ]
    .filter(Boolean)
    .join(" · ");

export interface TopicSummary {
  slug: string;
  /** The tag as most items spell it. */
  name: string;
  recaps: number;
  episodes: number;
}

/** One item under a topic: a recap or an episode. */
export interface TopicItem {
  kind: "recap" | "episode";
  id: number;
  date: string;
  title: string;
  /** A recap's summary line or an episode's description. */
  summary: string | null;
  url: string;
  tags: string[];
  /** Sample content: written for the demo, not reporting. */
  sample: boolean;
  series?: "daily" | "weekly";
}

export interface TopicCompany {
  id: number;
  name: string;
  /** Items under the topic that name the company. */
  items: number;
}

export interface TopicPage {
  topic: TopicSummary;
  items: TopicItem[];
  page: number;
  pageCount: number;
  companies: TopicCompany[];
}

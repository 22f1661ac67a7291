import { generateRssFeed } from "feedsmith";
import { releaseInstant } from "#common/feeds/feed-paths.ts";
import { topicFeedPath, TOPICS_PATH, type TopicItem, type TopicSummary } from "#common/topics/topic.ts";
import { tightenCdata } from "./tighten-cdata.ts";
import { xmlSafe } from "./xml-safe.ts";

/**
 * RSS 2.0 of one topic's newest recaps and episodes (issue 26): for a reader who
 * follows one subject rather than the whole recap or a podcast series. Items
 * link to their pages; the series feeds stay the podcast apps' feeds.
 */
export function topicFeedXml(
  topic: TopicSummary,
  items: TopicItem[],
  site: { siteUrl: string; brand: string },
): string {
  const base = site.siteUrl;
  const page = `${base}${TOPICS_PATH}/${encodeURIComponent(topic.slug)}`;
  const title = `${site.brand}: ${topic.name}`;
  const xml = generateRssFeed(
    xmlSafe({
      title,
      link: page,
      description: `Recaps and podcast episodes about ${topic.name} from ${site.brand}.`,
      language: "en-us",
      generator: site.brand,
      docs: "https://www.rssboard.org/rss-specification",
      ttl: 60,
      ...(items[0] ? { lastBuildDate: releaseInstant(items[0].date), pubDate: releaseInstant(items[0].date) } : {}),
      image: { url: `${base}/icons/icon-192.png`, title, link: page },
      atom: { links: [{ href: `${base}${topicFeedPath(topic.slug)}`, rel: "self", type: "application/rss+xml" }] },
      items: items.map((item) => {
        const link = `${base}${item.url}`;
        return {
          title: item.kind === "episode" ? `Episode: ${item.title}` : item.title,
          link,
          // A recap keeps the id the recap feed gives it, so a reader of both sees it once.
          guid:
            item.kind === "recap"
              ? { value: link, isPermaLink: true }
              : { value: `${base}/podcast?episode=${item.id}`, isPermaLink: false },
          pubDate: releaseInstant(item.date),
          description: item.summary ?? item.title,
          categories: item.tags.map((name) => ({ name })),
        };
      }),
    }),
  );
  return tightenCdata(xml);
}

import { generateRssFeed } from "feedsmith";
import { markdownHtml } from "../content/markdown-html.ts";
import type { Recap } from "../data/recaps.server.ts";
import { absoluteUrl, FEED_PATHS, releaseInstant } from "#common/feeds/feed-paths.ts";
import { tightenCdata } from "./tighten-cdata.ts";
import { xmlSafe } from "./xml-safe.ts";
import { escapeHtml } from "../content/escape-html.ts";

/** How many recaps the feed carries, newest first. */
export const RECAP_FEED_SIZE = 50;

const imageType = (url: string) =>
  /\.png$/i.test(url) ? "image/png" : /\.webp$/i.test(url) ? "image/webp" : "image/jpeg";

/** RSS 2.0 of the recaps, with the full content as HTML, for feed readers. */
export function recapsFeedXml(recaps: Recap[], site: { siteUrl: string; brand: string }): string {
  const base = site.siteUrl;
  const title = `${site.brand} Weekly Industry Recap`;
  const xml = generateRssFeed(
    xmlSafe({
      title,
      link: `${base}/recap`,
      description: "Curated weekly summaries of the most important spirits industry news and developments",
      language: "en-us",
      generator: site.brand,
      docs: "https://www.rssboard.org/rss-specification",
      ttl: 60,
      ...(recaps[0] ? { lastBuildDate: releaseInstant(recaps[0].date), pubDate: releaseInstant(recaps[0].date) } : {}),
      image: { url: `${base}/icons/icon-192.png`, title, link: `${base}/recap` },
      atom: { links: [{ href: `${base}${FEED_PATHS.recaps}`, rel: "self", type: "application/rss+xml" }] },
      items: recaps.map((recap) => {
        const link = `${base}/recap/${recap.id}`;
        const image = recap.blog_image_url ? absoluteUrl(base, recap.blog_image_url) : undefined;
        const lead = image ? `<p><img src="${image}" alt="" /></p>` : "";
        const snippet = recap.snippets ? `<blockquote><p>${escapeHtml(recap.snippets)}</p></blockquote>` : "";
        return {
          title: recap.headline,
          link,
          // The permalink never changes for a recap, so it is also its id for readers.
          guid: { value: link, isPermaLink: true },
          pubDate: releaseInstant(recap.date),
          description: recap.snippets ?? recap.headline,
          categories: recap.tags.map((name) => ({ name })),
          content: { encoded: `${lead}${snippet}${markdownHtml(recap.content)}` },
          ...(image ? { media: { contents: [{ url: image, medium: "image", type: imageType(image) }] } } : {}),
        };
      }),
    }),
  );
  return tightenCdata(xml);
}

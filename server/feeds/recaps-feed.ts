import { generateRssFeed } from "feedsmith";
import { markdownHtml } from "../content/markdown-html.server.ts";
import type { Recap } from "../data/recaps.server.ts";
import { tightenCdata } from "./tighten-cdata.ts";

/** How many recaps the feed carries, newest first. */
export const RECAP_FEED_SIZE = 50;

const absolute = (base: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${base}${url}`);

/** A recap date (a calendar day) as a publication instant: noon UTC, so no time zone moves it to another day. */
const publishedAt = (date: string) => new Date(`${date.slice(0, 10)}T12:00:00Z`);

const imageType = (url: string) => (/\.png$/i.test(url) ? "image/png" : /\.webp$/i.test(url) ? "image/webp" : "image/jpeg");

/** RSS 2.0 of the recaps, with the full content as HTML, for feed readers. */
export function recapsFeedXml(recaps: Recap[], site: { siteUrl: string; brand: string }): string {
  const base = site.siteUrl;
  const title = `${site.brand} Weekly Industry Recap`;
  const xml = generateRssFeed({
    title,
    link: `${base}/recap`,
    description: "Curated weekly summaries of the most important spirits industry news and developments",
    language: "en-us",
    generator: site.brand,
    docs: "https://www.rssboard.org/rss-specification",
    ttl: 60,
    ...(recaps[0] ? { lastBuildDate: publishedAt(recaps[0].date), pubDate: publishedAt(recaps[0].date) } : {}),
    image: { url: `${base}/icons/icon-192.png`, title, link: `${base}/recap` },
    atom: { links: [{ href: `${base}/feeds/recaps.xml`, rel: "self", type: "application/rss+xml" }] },
    items: recaps.map((recap) => {
      const link = `${base}/recap/${recap.id}`;
      const image = recap.blog_image_url ? absolute(base, recap.blog_image_url) : undefined;
      const lead = image ? `<p><img src="${image}" alt="" /></p>` : "";
      const snippet = recap.snippets ? `<blockquote><p>${escapeHtml(recap.snippets)}</p></blockquote>` : "";
      return {
        title: recap.headline,
        link,
        // The permalink never changes for a recap, so it is also its id for readers.
        guid: { value: link, isPermaLink: true },
        pubDate: publishedAt(recap.date),
        description: recap.snippets ?? recap.headline,
        categories: recap.tags.map((name) => ({ name })),
        content: { encoded: `${lead}${snippet}${markdownHtml(recap.content)}` },
        ...(image ? { media: { contents: [{ url: image, medium: "image", type: imageType(image) }] } } : {}),
      };
    }),
  });
  return tightenCdata(xml);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

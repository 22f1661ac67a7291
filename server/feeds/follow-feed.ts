import { generateRssFeed } from "feedsmith";
import { releaseInstant } from "#common/feeds/feed-paths.ts";
import type { FollowItem } from "#common/follows/follow-item.ts";
import { clock } from "#common/podcast/clock.ts";
import type { DigestSection } from "../follows/digest-compose.ts";
import { filingTitle } from "../follows/digest-email.ts";
import { tightenCdata } from "./tighten-cdata.ts";
import { xmlSafe } from "./xml-safe.ts";

/** Entries a followed item's feed carries, newest first. */
export const FOLLOW_FEED_SIZE = 50;

/**
 * RSS 2.0 of what the digest says about one followed item (issue 42), for a reader who would rather
 * not give an address: the same paragraphs, podcast moments, label approvals, filings and market months, one entry
 * each, newest first.
 */
export function followFeedXml(
  item: FollowItem,
  section: DigestSection | undefined,
  site: { siteUrl: string; brand: string },
): string {
  const base = site.siteUrl;
  const entries = [
    ...(section?.paragraphs ?? []).map((p) => ({
      date: p.date,
      title: p.section ? `${p.headline} · ${p.section}` : p.headline,
      link: `${base}${p.url}`,
      guid: `${base}/recap/${p.recapId}#${p.ref}`,
      description: p.text,
    })),
    ...(section?.moments ?? []).map((m) => ({
      date: m.date,
      title: `Episode: ${m.title}${m.seconds !== null ? ` at ${clock(m.seconds)}` : ""}`,
      link: `${base}${m.url}`,
      guid: `${base}/podcast?episode=${m.episodeId}#${m.ref}`,
      description: m.text,
    })),
    ...(section?.labels ?? []).map((l) => ({
      date: l.date,
      title: `Label approved: ${l.name}`,
      link: `${base}${l.url}`,
      guid: `${base}/data/labels#${l.ref}`,
      description: `${l.name}, ${l.type}: approved ${l.date} (TTB ID ${l.ref}).`,
    })),
    ...(section?.filings ?? []).map((f) => ({
      date: f.date,
      title: `Filed with the SEC: ${filingTitle(f)}`,
      link: f.url,
      guid: f.url,
      description: f.figures.length ? f.figures.join("; ") : `${f.form} filed ${f.date}.`,
    })),
    ...(section?.months ?? []).map((m) => ({
      date: m.date,
      title: `${item.name}, ${m.month}`,
      link: `${base}${m.url}`,
      guid: `${base}${m.url}#${m.ref}`,
      description: `${item.name}, ${m.month}: ${m.text}.`,
    })),
  ]
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, FOLLOW_FEED_SIZE);
  const title = `${site.brand}: ${item.name}`;
  const page = `${base}${item.url}`;
  const xml = generateRssFeed(
    xmlSafe({
      title,
      link: page,
      description: `What ${site.brand} says about ${item.name}: recap paragraphs, podcast moments, label approvals, filings and market figures.`,
      language: "en-us",
      generator: site.brand,
      docs: "https://www.rssboard.org/rss-specification",
      ttl: 60,
      ...(entries[0]
        ? { lastBuildDate: releaseInstant(entries[0].date), pubDate: releaseInstant(entries[0].date) }
        : {}),
      image: { url: `${base}/icons/icon-192.png`, title, link: page },
      atom: { links: [{ href: `${base}${item.feedUrl}`, rel: "self", type: "application/rss+xml" }] },
      items: entries.map((e) => ({
        title: e.title,
        link: e.link,
        guid: { value: e.guid, isPermaLink: false },
        pubDate: releaseInstant(e.date),
        description: e.description,
      })),
    }),
  );
  return tightenCdata(xml);
}

import { Readable } from "node:stream";
import { EnumChangefreq, SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from "sitemap";
import { COMPANIES } from "../content/companies.server.ts";
import { TOPICS_PATH } from "#common/topics/topic.ts";
import { DATA_PATH, dataFamilyPath } from "#common/market/market-paths.ts";
import { xmlSafe } from "./xml-safe.ts";

/** The site's fixed pages, as search engines should see them. */
const PAGES: SitemapItemLoose[] = [
  { url: "/", changefreq: EnumChangefreq.DAILY, priority: 1 },
  { url: "/recap", changefreq: EnumChangefreq.WEEKLY, priority: 0.9 },
  { url: "/podcast", changefreq: EnumChangefreq.DAILY, priority: 0.8 },
  { url: "/explorer", changefreq: EnumChangefreq.MONTHLY, priority: 0.7 },
  { url: "/chat", changefreq: EnumChangefreq.MONTHLY, priority: 0.5 },
  { url: TOPICS_PATH, changefreq: EnumChangefreq.WEEKLY, priority: 0.5 },
];

/** What the sitemap lists beyond the fixed pages: every recap (newest first), every topic's and every market family's address part. */
export interface SitemapContent {
  recaps: Array<{ id: number; date: string }>;
  topics: string[];
  /** Families the market data holds; with none, /data is left out too (it would say only that there is nothing). */
  families?: string[];
}

/** The most addresses one sitemap file may list (sitemaps.org); past it, /sitemap.xml becomes an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;

/** The address of part `n` (from 1) of a split sitemap. */
export const sitemapPartPath = (n: number) => `/sitemap-${n}.xml`;

/**
 * A recap's date as a lastmod, or undefined for one that is not a day: the sitemap
 * library fails on an invalid date and its stream then never ends, so the request would hang.
 */
function lastmodOf(date: string | undefined): string | undefined {
  const day = date?.slice(0, 10);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)) ? day : undefined;
}

function sitemapItems({ recaps, topics, families = [] }: SitemapContent): SitemapItemLoose[] {
  const newest = lastmodOf(recaps[0]?.date);
  return [
    ...PAGES.map((p) => (p.url === "/recap" && newest ? { ...p, lastmod: newest } : p)),
    ...recaps.map((r) => ({
      url: `/recap/${r.id}`,
      lastmod: lastmodOf(r.date),
      changefreq: EnumChangefreq.MONTHLY,
      priority: 0.6,
    })),
    // Each company profile has its own address (its canonical link), so it can be found and linked.
    ...COMPANIES.filter((c) => c.profile).map((c) => ({
      url: `/explorer?company=${c.id}`,
      changefreq: EnumChangefreq.YEARLY,
      priority: 0.4,
    })),
    ...topics.map((slug) => ({
      url: `${TOPICS_PATH}/${encodeURIComponent(slug)}`,
      changefreq: EnumChangefreq.WEEKLY,
      priority: 0.5,
    })),
    ...(families.length ? [{ url: DATA_PATH, changefreq: EnumChangefreq.MONTHLY, priority: 0.6 }] : []),
    ...families.map((slug) => ({ url: dataFamilyPath(slug), changefreq: EnumChangefreq.MONTHLY, priority: 0.5 })),
  ];
}

async function urlset(siteUrl: string, items: SitemapItemLoose[]): Promise<string> {
  const xml = await streamToPromise(
    Readable.from(items).pipe(
      new SitemapStream({ hostname: siteUrl, xmlns: { news: false, xhtml: false, image: false, video: false } }),
    ),
  );
  return xml.toString("utf8");
}

/**
 * The sitemap file at `part`: 0 is /sitemap.xml, which lists every address
 * while they fit in one file and is otherwise an index of the parts
 * (/sitemap-1.xml …); undefined for a part that does not exist.
 */
export async function sitemapXml(
  siteUrl: string,
  content: SitemapContent,
  part = 0,
  perFile = SITEMAP_MAX_URLS,
): Promise<string | undefined> {
  // Dates and slugs are checked on the way in; a row written straight into the database is not.
  const safe = xmlSafe(content);
  const items = sitemapItems(safe);
  const { recaps } = safe;
  if (items.length <= perFile) return part === 0 ? urlset(siteUrl, items) : undefined;
  const parts = Math.ceil(items.length / perFile);
  if (part === 0) {
    const newest = lastmodOf(recaps[0]?.date);
    const index = Array.from({ length: parts }, (_, i) => ({
      url: `${siteUrl}${sitemapPartPath(i + 1)}`,
      ...(newest ? { lastmod: newest } : {}),
    }));
    return (await streamToPromise(Readable.from(index).pipe(new SitemapIndexStream()))).toString("utf8");
  }
  if (part > parts) return undefined;
  return urlset(siteUrl, items.slice((part - 1) * perFile, part * perFile));
}

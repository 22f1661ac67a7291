import { Readable } from "node:stream";
import { EnumChangefreq, SitemapStream, streamToPromise, type SitemapItemLoose } from "sitemap";
import { COMPANIES } from "../content/companies.ts";

/** The site's fixed pages, as search engines should see them. */
const PAGES: SitemapItemLoose[] = [
  { url: "/", changefreq: EnumChangefreq.DAILY, priority: 1 },
  { url: "/recap", changefreq: EnumChangefreq.WEEKLY, priority: 0.9 },
  { url: "/podcast", changefreq: EnumChangefreq.DAILY, priority: 0.8 },
  { url: "/explorer", changefreq: EnumChangefreq.MONTHLY, priority: 0.7 },
  { url: "/chat", changefreq: EnumChangefreq.MONTHLY, priority: 0.5 },
];

export async function sitemapXml(siteUrl: string, recaps: Array<{ id: number; date: string }>): Promise<string> {
  const newest = recaps[0]?.date;
  const items: SitemapItemLoose[] = [
    ...PAGES.map((p) => (p.url === "/recap" && newest ? { ...p, lastmod: newest } : p)),
    ...recaps.map((r) => ({ url: `/recap/${r.id}`, lastmod: r.date.slice(0, 10), changefreq: EnumChangefreq.MONTHLY, priority: 0.6 })),
    // Each company profile has its own address (its canonical link), so it can be found and linked.
    ...COMPANIES.filter((c) => c.profile).map((c) => ({ url: `/explorer?company=${c.id}`, changefreq: EnumChangefreq.YEARLY, priority: 0.4 })),
  ];
  const xml = await streamToPromise(Readable.from(items).pipe(new SitemapStream({ hostname: siteUrl, xmlns: { news: false, xhtml: false, image: false, video: false } })));
  return xml.toString("utf8");
}

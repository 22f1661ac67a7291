import type { MetaDescriptor } from "react-router";
import type { PublicConfig } from "#common/config/public-config.ts";
import { pageMeta } from "../../lib/page-meta";
import { absoluteUrl } from "#common/feeds/feed-paths.ts";
import type { RecapView } from "#common/content/recap.ts";

/** A recap page's title, description, canonical link, Open Graph article tags and NewsArticle JSON-LD. */
export function recapMeta(site: PublicConfig | undefined, recap: RecapView): MetaDescriptor[] {
  const base = site?.siteUrl ?? "";
  const path = `/recap/${recap.id}`;
  const image = recap.blog_image_url ? absoluteUrl(base, recap.blog_image_url) : undefined;
  const brand = site?.brand ?? "Proofline";
  return [
    ...pageMeta({
      site,
      title: recap.headline,
      description: recap.description,
      path,
      type: "article",
      ...(image ? { image } : {}),
    }),
    { property: "article:published_time", content: recap.date },
    { property: "article:section", content: "Weekly Recap" },
    ...recap.tags.map((tag) => ({ property: "article:tag", content: tag })),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        headline: recap.headline,
        description: recap.description,
        datePublished: recap.date,
        mainEntityOfPage: `${base}${path}`,
        url: `${base}${path}`,
        image: [image ?? `${base}/og-default.png`],
        keywords: recap.tags,
        timeRequired: `PT${recap.readingMinutes}M`,
        author: { "@type": "Organization", name: brand, url: base || undefined },
        publisher: {
          "@type": "Organization",
          name: brand,
          logo: { "@type": "ImageObject", url: `${base}/icons/icon-512.png` },
        },
      },
    },
  ];
}

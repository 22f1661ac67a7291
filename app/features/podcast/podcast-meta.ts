import type { MetaDescriptor } from "react-router";
import type { PublicConfig } from "#common/config/public-config.ts";
import type { Episode } from "#common/content/episode.ts";
import { absoluteUrl, episodePath, FEED_PATHS } from "#common/feeds/feed-paths.ts";
import { pageMeta } from "../../lib/page-meta";
import { PODCAST_TITLE } from "#common/podcast/podcast-text.ts";

export const PODCAST_DESCRIPTION =
  "The Spirits Signal: daily and weekly audio on industry shifts, strategic insights and interviews from the U.S. spirits trade.";

/** /podcast's title, Open Graph tags and PodcastSeries JSON-LD with its episodes. */
export function podcastMeta(
  site: PublicConfig | undefined,
  episodes: Episode[],
  view: { filtered: boolean; path: string; page: number },
): MetaDescriptor[] {
  const base = site?.siteUrl ?? "";
  const title = view.page > 1 ? `${PODCAST_TITLE}, page ${view.page}` : PODCAST_TITLE;
  return [
    ...pageMeta({
      site,
      title,
      description: PODCAST_DESCRIPTION,
      path: view.path,
      image: `${base}/podcast/artwork.jpg`,
    }),
    ...(view.filtered ? [{ name: "robots", content: "noindex, follow" }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "PodcastSeries",
        name: PODCAST_TITLE,
        description: PODCAST_DESCRIPTION,
        url: `${base}/podcast`,
        image: `${base}/podcast/artwork.jpg`,
        webFeed: `${base}${FEED_PATHS.podcast}`,
        inLanguage: "en-US",
        author: { "@type": "Organization", name: site?.brand ?? "Proofline" },
        episode: episodes.map((e) => ({
          "@type": "PodcastEpisode",
          name: e.title,
          description: e.description,
          datePublished: e.date,
          url: `${base}${episodePath(e.id)}`,
          ...(e.duration_seconds ? { timeRequired: `PT${Math.round(e.duration_seconds)}S` } : {}),
          ...(e.audio_url
            ? { associatedMedia: { "@type": "MediaObject", contentUrl: absoluteUrl(base, e.audio_url) } }
            : {}),
        })),
      },
    },
  ];
}

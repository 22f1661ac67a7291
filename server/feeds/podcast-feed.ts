import { generateRssFeed } from "feedsmith";
import { v5 as uuidv5 } from "uuid";
import type { Episode, Series } from "../data/episodes.server.ts";
import { absoluteUrl, episodeFilePaths, episodePath, FEED_PATHS, releaseInstant } from "#common/feeds/feed-paths.ts";
import { tightenCdata } from "./tighten-cdata.ts";
import { xmlSafe } from "./xml-safe.ts";

// Podcasting 2.0: a show's podcast:guid is the UUIDv5 of its feed address
// (scheme and trailing slashes removed) in this namespace.
const PODCAST_GUID_NAMESPACE = "ead4c236-bf58-58c6-a2c6-a6b28d128cb6";
export const podcastGuid = (feedUrl: string) =>
  uuidv5(feedUrl.replace(/^[a-z]+:\/\//i, "").replace(/\/+$/, ""), PODCAST_GUID_NAMESPACE);

const SHOW = {
  all: {
    path: FEED_PATHS.podcast,
    title: "The Spirits Signal",
    description:
      "Daily and weekly audio on industry shifts, strategic insights and interviews from the U.S. spirits and beverage-alcohol trade.",
  },
  daily: {
    path: FEED_PATHS.daily,
    title: "The Spirits Signal: The Daily Shot",
    description: "Quick industry insights and news updates for the U.S. spirits trade, every weekday.",
  },
  weekly: {
    path: FEED_PATHS.weekly,
    title: "The Spirits Signal: The Weekly Pour",
    description: "In-depth analysis and long-form discussions on the U.S. spirits and beverage-alcohol trade.",
  },
} as const;

export type PodcastFeedName = keyof typeof SHOW;
export const PODCAST_FEED_PATHS = Object.fromEntries(Object.entries(SHOW).map(([k, v]) => [k, v.path])) as Record<
  PodcastFeedName,
  string
>;
export const feedSeries = (name: PodcastFeedName): Series | undefined => (name === "all" ? undefined : name);

const audioType = (file: string) => (/\.(m4a|mp4)$/i.test(file) ? "audio/mp4" : "audio/mpeg");

/**
 * RSS 2.0 with the iTunes and Podcasting 2.0 namespaces, as Apple Podcasts
 * requires and Spotify reads. Episodes without audio have no enclosure and are left out.
 */
/** Podcasting 2.0 tags for an episode's transcript (WebVTT and text, or text alone) and chapters. */
function episodeExtrasTags(episode: Episode, base: string) {
  const paths = episodeFilePaths(episode.id);
  const transcripts = !episode.transcript_url
    ? []
    : episode.transcript_url === paths.vtt
      ? [
          { url: `${base}${paths.vtt}`, type: "text/vtt", language: "en", rel: "captions" },
          { url: `${base}${paths.text}`, type: "text/plain", language: "en" },
        ]
      : [{ url: `${base}${paths.text}`, type: "text/plain", language: "en" }];
  const podcast = {
    ...(transcripts.length ? { transcripts } : {}),
    ...(episode.chapters_url
      ? { chapters: { url: `${base}${paths.chapters}`, type: "application/json+chapters" } }
      : {}),
  };
  return Object.keys(podcast).length ? { podcast } : {};
}

export function podcastFeedXml(
  name: PodcastFeedName,
  episodes: Episode[],
  site: { siteUrl: string; brand: string },
): string {
  const show = SHOW[name];
  const base = site.siteUrl;
  const feedUrl = `${base}${show.path}`;
  const artwork = `${base}/podcast/artwork.jpg`;
  const playable = episodes.filter((e): e is Episode & { audio_url: string; byte_size: number; mp3_file: string } =>
    Boolean(e.audio_url && e.byte_size && e.mp3_file),
  );
  const xml = generateRssFeed(
    xmlSafe({
      title: show.title,
      link: `${base}/podcast`,
      description: show.description,
      language: "en-us",
      copyright: `© ${site.brand}`,
      generator: site.brand,
      ...(playable[0]
        ? { lastBuildDate: releaseInstant(playable[0].date), pubDate: releaseInstant(playable[0].date) }
        : {}),
      image: { url: artwork, title: show.title, link: `${base}/podcast` },
      atom: { links: [{ href: feedUrl, rel: "self", type: "application/rss+xml" }] },
      itunes: {
        image: artwork,
        author: site.brand,
        explicit: false,
        type: "episodic",
        categories: [
          { text: "Business", categories: [{ text: "Marketing" }] },
          { text: "News", categories: [{ text: "Business News" }] },
        ],
      },
      podcast: { guid: podcastGuid(feedUrl), locked: { value: true } },
      items: playable.map((episode) => ({
        title: episode.title,
        description: episode.description,
        link: `${base}${episodePath(episode.id)}`,
        // Stored when the episode was created and never changed: apps key downloads on it.
        guid: { value: episode.guid, isPermaLink: false },
        pubDate: releaseInstant(episode.date),
        enclosures: [
          { url: absoluteUrl(base, episode.audio_url), length: episode.byte_size, type: audioType(episode.mp3_file) },
        ],
        itunes: {
          ...(episode.duration_seconds ? { duration: Math.round(episode.duration_seconds) } : {}),
          explicit: false,
          episodeType: "full",
        },
        ...episodeExtrasTags(episode, base),
      })),
    }),
  );
  return tightenCdata(xml);
}

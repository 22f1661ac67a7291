import { Router } from "express";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { episodeExtras, everyEpisode } from "../data/episodes.server.ts";
import { parseTranscript, transcriptText } from "#common/podcast/transcript-format.ts";
import { listRecaps, recapAddresses } from "../data/recaps.server.ts";
import { feedSeries, PODCAST_FEED_PATHS, podcastFeedXml, type PodcastFeedName } from "../feeds/podcast-feed.ts";
import { RECAP_FEED_SIZE, recapsFeedXml } from "../feeds/recaps-feed.ts";
import { FEED_PATHS } from "#common/feeds/feed-paths.ts";
import { sitemapXml } from "../feeds/sitemap.ts";
import { familiesHeld } from "../market/market-figures.server.ts";
import { topicFeedXml } from "../feeds/topic-feed.ts";
import { findTopic, listTopics, slugOf, topicItems } from "../search/topics.server.ts";
import { TOPIC_FEED_SIZE } from "#common/topics/topic.ts";
import { versionedRoute, type VersionedCache } from "./pages.ts";
import { HttpError } from "./errors.ts";
import { APPROVAL_CLASS_LABELS, LABELS_FEED_PATH } from "#common/records/label-approval.ts";
import { COMPANIES } from "../content/companies.server.ts";
import { labelsFeedXml } from "../feeds/labels-feed.ts";
import { FOLLOW_FEED_SIZE, followFeedXml } from "../feeds/follow-feed.ts";
import { composeDigest, readDigestWindow } from "../follows/digest-compose.ts";
import { findFollowItem } from "../follows/follow-items.server.ts";
import { FOLLOW_KINDS, type FollowKind } from "#common/follows/follow-item.ts";
import { labelPage } from "../records/label-approvals.server.ts";
import { strictLabelQuery } from "../records/label-filters.ts";

// Readers poll feeds often. A published or deleted item must show at once, so
// caches keep a copy but ask again each time; the ETag makes that a cheap 304.
const FEED_CACHE = "public, no-cache";
/** A followed item's feed reads what was published this many days back (its newest 50 entries are kept). */
const FOLLOW_FEED_DAYS = 180;
const RSS = "application/rss+xml; charset=utf-8";

/** /feeds/*.xml and /sitemap.xml, always as fresh as the database. */
export function feedRoutes(config: Config, database: Database, cached: VersionedCache): Router {
  const router = Router();
  const site = { siteUrl: config.SITE_URL, brand: config.SITE_BRAND };

  router.get(
    FEED_PATHS.recaps,
    versionedRoute(cached, async () => {
      const recaps = (await listRecaps(database.db, { mediaBaseUrl: config.MEDIA_BASE_URL, limit: RECAP_FEED_SIZE }))
        .items;
      return { type: RSS, cacheControl: FEED_CACHE, body: recapsFeedXml(recaps, site) };
    }),
  );

  for (const [name, feedPath] of Object.entries(PODCAST_FEED_PATHS) as Array<[PodcastFeedName, string]>) {
    router.get(
      feedPath,
      versionedRoute(cached, async () => {
        const episodes = await everyEpisode(database.db, {
          series: feedSeries(name),
          mediaBaseUrl: config.MEDIA_BASE_URL,
        });
        return { type: RSS, cacheControl: FEED_CACHE, body: podcastFeedXml(name, episodes, site) };
      }),
    );
  }

  // The newest label approvals, with /data/labels's filters (issue 41).
  router.get(
    LABELS_FEED_PATH,
    versionedRoute(cached, async (req) => {
      const read = strictLabelQuery(req.query as Record<string, unknown>);
      if (typeof read === "string") throw new HttpError(400, read);
      const { filters } = read;
      const { items } = await labelPage(database.db, { ...filters, days: undefined }, 1);
      const company = COMPANIES.find((c) => c.id === filters.company);
      if (filters.company !== undefined && !company) throw new HttpError(404, "No such company");
      const about = [
        company?.name,
        filters.approvalClass ? APPROVAL_CLASS_LABELS[filters.approvalClass].toLowerCase() + "s" : undefined,
        filters.classType ? `class/type ${filters.classType}` : undefined,
      ]
        .filter(Boolean)
        .join(", ");
      return { type: RSS, cacheControl: FEED_CACHE, body: labelsFeedXml(items, filters, site, about) };
    }),
  );

  // One topic's newest recaps and episodes (issue 26).
  router.get(
    /^\/feeds\/topics\/([^/]+)\.xml$/,
    versionedRoute(cached, async (req) => {
      const topic = await findTopic(database.db, slugOf(String(req.params[0])));
      if (!topic) throw new HttpError(404, "No such topic");
      const items = await topicItems(database.db, topic, 0, TOPIC_FEED_SIZE);
      return { type: RSS, cacheControl: FEED_CACHE, body: topicFeedXml(topic, items, site) };
    }),
  );

  // What the digest says about one followed item (issue 42): for readers who would rather not give an address.
  router.get(
    new RegExp(`^/feeds/follow/(${FOLLOW_KINDS.join("|")})/([^/]+)\\.xml$`),
    versionedRoute(cached, async (req) => {
      const kind = String(req.params[0]) as FollowKind;
      const item = await findFollowItem(database.db, COMPANIES, kind, slugOf(String(req.params[1])));
      if (!item) throw new HttpError(404, "Nothing to follow by that name");
      const now = Date.now();
      const window = await readDigestWindow(
        database.db,
        new Date(now - FOLLOW_FEED_DAYS * 86_400_000).toISOString(),
        new Date(now + 60_000).toISOString(),
      );
      const [section] = composeDigest(window, COMPANIES, [item], { perItem: FOLLOW_FEED_SIZE });
      return { type: RSS, cacheControl: FEED_CACHE, body: followFeedXml(item, section, site) };
    }),
  );

  // An episode's transcript and chapters at stable addresses, for podcast apps (podcast:transcript, podcast:chapters) and the page.
  const extrasOf = async (raw: string) => {
    const id = Number(raw);
    const extras = Number.isSafeInteger(id) && id > 0 ? await episodeExtras(database.db, id) : undefined;
    if (!extras) throw new HttpError(404, "Episode not found");
    return extras;
  };
  router.get(
    "/feeds/episodes/:id/transcript.vtt",
    versionedRoute(cached, async (req) => {
      const { transcript } = await extrasOf(String(req.params.id));
      // Only a timed transcript is WebVTT; a plain one is served as text only.
      if (!transcript?.startsWith("WEBVTT")) throw new HttpError(404, "This episode has no timed transcript");
      return { type: "text/vtt; charset=utf-8", cacheControl: FEED_CACHE, body: transcript };
    }),
  );
  router.get(
    "/feeds/episodes/:id/transcript.txt",
    versionedRoute(cached, async (req) => {
      const { transcript } = await extrasOf(String(req.params.id));
      if (!transcript) throw new HttpError(404, "This episode has no transcript");
      return {
        type: "text/plain; charset=utf-8",
        cacheControl: FEED_CACHE,
        body: `${transcriptText(parseTranscript(transcript))}\n`,
      };
    }),
  );
  router.get(
    "/feeds/episodes/:id/chapters.json",
    versionedRoute(cached, async (req) => {
      const { chapters } = await extrasOf(String(req.params.id));
      if (!chapters) throw new HttpError(404, "This episode has no chapters");
      return { type: "application/json+chapters; charset=utf-8", cacheControl: FEED_CACHE, body: chapters };
    }),
  );

  // /sitemap.xml, and its parts (/sitemap-1.xml …) once the site has more addresses than one file may list.
  router.get(
    /^\/sitemap(?:-[1-9]\d{0,4})?\.xml$/,
    versionedRoute(cached, async (req) => {
      const part = Number(/\d+/.exec(req.path)?.[0] ?? 0);
      const [recaps, topics, families] = await Promise.all([
        recapAddresses(database.db),
        listTopics(database.db),
        familiesHeld(database.db),
      ]);
      const content = { recaps, topics: topics.map((t) => t.slug), families: families.map((f) => f.slug) };
      const xml = await sitemapXml(config.SITE_URL, content, part);
      if (xml === undefined) throw new HttpError(404, "No such sitemap");
      return { type: "application/xml; charset=utf-8", cacheControl: FEED_CACHE, body: xml };
    }),
  );

  return router;
}

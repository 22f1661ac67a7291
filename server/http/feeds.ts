import { Router } from "express";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { listEpisodes } from "../data/episodes.server.ts";
import { listRecapHeadlines, listRecaps } from "../data/recaps.server.ts";
import { feedSeries, PODCAST_FEED_PATHS, podcastFeedXml, type PodcastFeedName } from "../feeds/podcast-feed.ts";
import { RECAP_FEED_SIZE, recapsFeedXml } from "../feeds/recaps-feed.ts";
import { FEED_PATHS } from "../feeds/feed-common.ts";
import { sitemapXml } from "../feeds/sitemap.ts";

// Readers poll feeds often. A published or deleted item must show at once, so
// caches keep a copy but ask again each time; the ETag makes that a cheap 304.
const FEED_CACHE = "public, no-cache";

/** /feeds/*.xml and /sitemap.xml, always as fresh as the database. */
export function feedRoutes(config: Config, database: Database): Router {
  const router = Router();
  const site = { siteUrl: config.SITE_URL, brand: config.SITE_BRAND };

  router.get(FEED_PATHS.recaps, async (_req, res) => {
    const recaps = await listRecaps(database.db, { mediaBaseUrl: config.MEDIA_BASE_URL, limit: RECAP_FEED_SIZE });
    res.type("application/rss+xml; charset=utf-8").set("Cache-Control", FEED_CACHE);
    res.send(recapsFeedXml(recaps, site));
  });

  for (const [name, feedPath] of Object.entries(PODCAST_FEED_PATHS) as Array<[PodcastFeedName, string]>) {
    router.get(feedPath, async (_req, res) => {
      const episodes = await listEpisodes(database.db, { series: feedSeries(name), mediaBaseUrl: config.MEDIA_BASE_URL });
      res.type("application/rss+xml; charset=utf-8").set("Cache-Control", FEED_CACHE);
      res.send(podcastFeedXml(name, episodes, site));
    });
  }

  router.get("/sitemap.xml", async (_req, res) => {
    const recaps = await listRecapHeadlines(database.db);
    res.type("application/xml; charset=utf-8").set("Cache-Control", FEED_CACHE);
    res.send(await sitemapXml(config.SITE_URL, recaps));
  });

  return router;
}

import { Router } from "express";
import type { Config } from "../config.ts";
import { versionedRoute, type VersionedCache } from "./pages.ts";

const DAILY = "public, max-age=3600";

/** Small files whose content depends on configuration (brand, site address), kept in the page cache like feeds. */
export function siteFiles(config: Config, cached: VersionedCache): Router {
  const router = Router();
  router.get(
    "/robots.txt",
    versionedRoute(cached, async () => ({
      type: "text/plain; charset=utf-8",
      cacheControl: DAILY,
      body: ["User-agent: *", "Allow: /", "Disallow: /api/", "", `Sitemap: ${config.SITE_URL}/sitemap.xml`, ""].join(
        "\n",
      ),
    })),
  );
  router.get(
    "/site.webmanifest",
    versionedRoute(cached, async () => ({
      type: "application/manifest+json; charset=utf-8",
      cacheControl: DAILY,
      body: JSON.stringify({
        name: `${config.SITE_BRAND} Industry Intelligence Hub`,
        short_name: config.SITE_BRAND,
        description: "Advanced analytics and strategic insights for the spirits industry",
        start_url: "/",
        display: "standalone",
        background_color: "#f7f4ee",
        theme_color: "#14213d",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-512-maskable.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      }),
    })),
  );
  return router;
}

import express, { Router } from "express";
import path from "node:path";
import type { Config } from "../config.ts";
import { BUCKETS, mediaRoot } from "../media/buckets.ts";

/**
 * /media/<bucket>/<file>: the two public buckets from DATA_DIR/media. `send`
 * (under express.static) answers Range, HEAD, ETag and Last-Modified, refuses
 * paths that climb out of the folder, and hides dotfiles.
 */
export function mediaRoutes(config: Config): Router {
  const router = Router();
  for (const bucket of BUCKETS) {
    router.use(
      `/${bucket}`,
      express.static(path.join(mediaRoot(config.DATA_DIR), bucket), {
        index: false,
        redirect: false,
        dotfiles: "ignore",
        maxAge: "1d",
        fallthrough: true,
      }),
    );
  }
  router.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  return router;
}

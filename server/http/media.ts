import fs from "node:fs/promises";
import path from "node:path";
import express, { Router, type RequestHandler } from "express";
import type { Config } from "../config.ts";
import { BUCKETS, mediaRoot } from "../media/buckets.ts";

/**
 * /media/<bucket>/<file>: the two public buckets from DATA_DIR/media. `send`
 * (under express.static) streams the file and answers Range (206, 416 with
 * a Content-Range naming the size), HEAD, ETag and Last-Modified (304); it
 * refuses paths that climb out of the folder and hides dotfiles. Every refusal
 * reads as 404, so nothing tells a prober what exists outside the bucket.
 */
export function mediaRoutes(config: Config): Router {
  const router = Router();
  for (const bucket of BUCKETS) {
    const dir = path.join(mediaRoot(config.DATA_DIR), bucket);
    router.use(
      `/${bucket}`,
      insideBucket(dir),
      express.static(dir, { index: false, redirect: false, dotfiles: "ignore", maxAge: "7d", fallthrough: true }),
    );
  }
  router.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  return router;
}

/** Lets a request through only when the file it names, symlinks resolved, is inside `dir`. */
function insideBucket(dir: string): RequestHandler {
  let root: Promise<string> | undefined;
  return async (req, res, next) => {
    const notFound = () => void res.status(404).json({ error: "Not found" });
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return notFound();
    }
    if (relative.includes("\0")) return notFound();
    try {
      root ??= fs.realpath(dir);
      const base = await root;
      const real = await fs.realpath(path.join(base, relative));
      if (!real.startsWith(base + path.sep)) return notFound();
    } catch {
      root = undefined; // the folder may appear later (first upload); a missing file is a 404 either way
      return notFound();
    }
    next();
  };
}

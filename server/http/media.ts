import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import express, { Router, type RequestHandler } from "express";
import type { Config } from "../config.ts";
import { BUCKETS, mediaRoot, type Bucket } from "../media/buckets.ts";
import { MEDIA_NAME, servedType, type MediaStore } from "../media/media-store.ts";
import type { AudienceRecorder } from "../analytics/audience-recorder.ts";
import { countDownloads } from "./audience-counting.ts";

/**
 * /media/<bucket>/<file>: the two public buckets from DATA_DIR/media. `send`
 * (under express.static) streams the file and answers Range (206, 416 with
 * a Content-Range naming the size; If-Range), HEAD, ETag and Last-Modified (304); it
 * refuses paths that climb out of the folder and hides dotfiles. Every refusal
 * reads as 404, so nothing tells a prober what exists outside the bucket.
 *
 * Only the types a bucket holds are served (servedType: its images, its
 * audio), with the type fixed by the name: an .html or .svg that reached a
 * bucket by hand or by an old restore is a 404, never a page of this origin.
 */
export function mediaRoutes(config: Config, store: MediaStore, audience?: AudienceRecorder): Router {
  const router = Router();
  // Downloads are counted from the audio bucket's own requests (docs/analytics.md).
  if (audience) router.use("/podcast-episodes", countDownloads(audience));
  if (store.kind === "s3") {
    for (const bucket of BUCKETS) router.get(`/${bucket}/:name`, fromObjectStore(store, bucket));
  } else
    for (const bucket of BUCKETS) {
      const dir = path.join(mediaRoot(config.DATA_DIR), bucket);
      router.use(
        `/${bucket}`,
        servedOnly(bucket),
        insideBucket(dir),
        express.static(dir, {
          index: false,
          redirect: false,
          dotfiles: "ignore",
          maxAge: "7d",
          fallthrough: true,
          setHeaders: (res, file) =>
            res.setHeader("Content-Type", servedType(bucket, path.basename(file)) ?? "application/octet-stream"),
        }),
      );
    }
  router.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  return router;
}

/** Lets a request through only for a name of a type the bucket serves. */
function servedOnly(bucket: Bucket): RequestHandler {
  return (req, res, next) => {
    if (!servedType(bucket, req.path)) return void res.status(404).json({ error: "Not found" });
    next();
  };
}

/**
 * RFC 9110 section 13.1.5: a Range with an If-Range is served only when the
 * validator still names this file (an ETag compared strongly, or exactly its
 * Last-Modified date); otherwise the whole file, so a resumed download never
 * splices two versions.
 */
export function rangeStillValid(ifRange: string | undefined, etag: string, lastModified: Date): boolean {
  if (!ifRange) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith("W/")) return value === etag && !etag.startsWith("W/");
  const date = Date.parse(value);
  return !Number.isNaN(date) && date === Math.floor(lastModified.getTime() / 1000) * 1000;
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

/**
 * A file from the object store, proxied for a bucket that is not public (or
 * an old /media address): the same answers as from disk, HEAD, one byte Range
 * (206; 416 with the size), ETag and Last-Modified (304), streamed through.
 */
function fromObjectStore(store: MediaStore, bucket: Bucket): RequestHandler {
  return async (req, res, next) => {
    try {
      const name = String(req.params.name);
      // The type comes from the name, never from the object's stored Content-Type (which whoever can write the bucket sets).
      const type = servedType(bucket, name);
      const stat = MEDIA_NAME.test(name) && type ? await store.stat(bucket, name) : undefined;
      if (!stat || !type) return void res.status(404).json({ error: "Not found" });
      res.set({
        "Accept-Ranges": "bytes",
        ETag: stat.etag,
        "Last-Modified": stat.lastModified.toUTCString(),
        "Cache-Control": "public, max-age=604800",
        "Content-Type": type,
      });
      const ifNoneMatch = req.get("if-none-match");
      if (
        ifNoneMatch &&
        ifNoneMatch.split(/\s*,\s*/).some((tag) => tag === "*" || tag.replace(/^W\//, "") === stat.etag)
      )
        return void res.status(304).end();
      const ranges =
        req.headers.range && rangeStillValid(req.get("if-range"), stat.etag, stat.lastModified)
          ? req.range(stat.size)
          : undefined;
      if (ranges === -1) return void res.status(416).set("Content-Range", `bytes */${stat.size}`).end();
      const one = Array.isArray(ranges) && ranges.type === "bytes" && ranges.length === 1 ? ranges[0]! : undefined;
      if (one) res.status(206).set("Content-Range", `bytes ${one.start}-${one.end}/${stat.size}`);
      res.set("Content-Length", String(one ? one.end - one.start + 1 : stat.size));
      if (req.method === "HEAD" || stat.size === 0) return void res.end();
      const body = await store.read(bucket, name, one);
      await pipeline(body, res);
    } catch (err) {
      // A listener who skips ahead closes the connection: that is not a failure.
      if ((err as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
      next(err);
    }
  };
}

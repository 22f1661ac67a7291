import type { Request, RequestHandler, Response } from "express";
import type { AudienceRecorder } from "../analytics/audience-recorder.ts";
import { isBotAgent } from "../analytics/user-agents.ts";
import { requestAddress } from "./request-address.ts";

/** A range this short is a player probing the file (`bytes=0-1`), never listening. */
const PROBE_BYTES = 2;

/** How many bytes of the body reached the client: the whole body when the response finished, else what the socket took. */
function bytesSent(res: Response, socketBefore: number): number {
  const length = Number(res.getHeader("content-length") ?? 0);
  if (res.writableFinished) return length;
  return Math.max(0, Math.min(length, (res.socket?.bytesWritten ?? socketBefore) - socketBefore));
}

/** The file's whole size, from Content-Range (206) or Content-Length (200). */
function servedSize(res: Response): number | undefined {
  const range = /\/(\d+)$/.exec(String(res.getHeader("content-range") ?? ""));
  const size = range ? Number(range[1]) : res.statusCode === 200 ? Number(res.getHeader("content-length")) : NaN;
  return Number.isFinite(size) && size > 0 ? size : undefined;
}

/**
 * Counts the audio requests of /media/podcast-episodes/<file> once each response
 * ends (finished or cut off by a listener skipping ahead): never before or
 * during it, so a byte range is served as fast with counting as without.
 */
export function countDownloads(recorder: AudienceRecorder): RequestHandler {
  return (req, res, next) => {
    const userAgent = req.get("user-agent");
    if (req.method !== "GET" || isBotAgent(userAgent)) return next();
    const socketBefore = req.socket.bytesWritten;
    // Read now: under this mount the path is the file's name; by the time the response ends,
    // Express has put the bucket back in front of it.
    const requested = req.path;
    res.once("close", () => {
      if (res.statusCode !== 200 && res.statusCode !== 206) return;
      const bytes = bytesSent(res, socketBefore);
      if (bytes <= PROBE_BYTES) return;
      let file: string;
      try {
        file = decodeURIComponent(requested.replace(/^\//, ""));
      } catch {
        return;
      }
      recorder.audio({
        at: new Date(),
        file,
        address: requestAddress(req),
        userAgent: userAgent!,
        bytes,
        servedSize: servedSize(res),
      });
    });
    next();
  };
}

const NOT_PAGES =
  /^\/(api|media|feeds|admin|assets|build|__manifest)(\/|$)|\.(xml|json|txt|ico|png|svg|webmanifest|js|css|map)$/;

/** True when the reader asked not to be tracked (Do Not Track, Global Privacy Control). */
const optedOut = (req: Request) => req.get("dnt") === "1" || req.get("sec-gpc") === "1";

const prefetch = (req: Request) =>
  /prefetch|prerender/i.test(`${req.get("sec-purpose") ?? ""} ${req.get("purpose") ?? ""}`);

function hostOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    return new URL(address).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return undefined;
  }
}

function campaignOf(query: Request["query"]): string | undefined {
  const part = (name: string) => {
    const v = query[name];
    return typeof v === "string" && v.trim() ? v.trim().toLowerCase().slice(0, 60) : undefined;
  };
  const parts = [part("utm_source"), part("utm_medium"), part("utm_campaign")];
  return parts.some(Boolean) ? parts.map((p) => p ?? "-").join(" / ") : undefined;
}

/**
 * Counts a page view when the server answers a page (200, HTML) to a person who
 * has not opted out; a client-side navigation's data request (/x.data) counts as
 * a view of /x when it comes from another page (a revalidation after a form on
 * the same page does not). Nothing is set on the reader: no cookie, no script.
 */
export function countPageViews(recorder: AudienceRecorder, siteUrl: string | undefined): RequestHandler {
  // The site's public name and the name a request reached it by are both "this site", never a referrer.
  const siteHost = hostOf(siteUrl);
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const requested = req.path;
    const isData = requested.endsWith(".data");
    if (!isData && NOT_PAGES.test(requested)) return next();
    const userAgent = req.headers["user-agent"];
    if (isBotAgent(userAgent) || optedOut(req) || prefetch(req)) return next();
    res.once("finish", () => {
      if (res.statusCode !== 200) return;
      if (!isData && !String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
      const path = (isData ? requested.replace(/(\/_root)?\.data$/, "") || "/" : requested).slice(0, 200);
      if (isData && NOT_PAGES.test(path)) return;
      // Most views come from the site's own links: the referrer is read only when there is one.
      const referer = req.headers.referer;
      const referrerHost = referer ? hostOf(referer) : undefined;
      const fromSite =
        referrerHost !== undefined &&
        (referrerHost === siteHost || referrerHost === (req.hostname ?? "").toLowerCase().replace(/^www\./, ""));
      if (isData && (!fromSite || new URL(referer!).pathname === path)) return;
      recorder.page({
        at: new Date(),
        path,
        address: requestAddress(req),
        userAgent: userAgent!,
        referrer: referrerHost && !fromSite ? referrerHost : undefined,
        campaign: req.url.includes("utm_") ? campaignOf(req.query) : undefined,
      });
    });
    next();
  };
}

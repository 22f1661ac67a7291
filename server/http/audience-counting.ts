import type { IncomingHttpHeaders } from "node:http";
import querystring from "node:querystring";
import type { RequestHandler, Response } from "express";
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

/** What counting a page view reads of a request, whichever path answered it (the framework's or the fast path). */
export interface ViewedRequest {
  method: string;
  /** The path, without the query. */
  path: string;
  /** The path and query as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The client's address, as TRUST_PROXY lets it be read. */
  address(): string;
  /** The name the request reached the site by (Host, or X-Forwarded-Host behind a trusted proxy). */
  hostname(): string | undefined;
}

/** True when the reader asked not to be tracked (Do Not Track, Global Privacy Control). */
const optedOut = (headers: IncomingHttpHeaders) => headers.dnt === "1" || headers["sec-gpc"] === "1";

const prefetch = (headers: IncomingHttpHeaders) =>
  /prefetch|prerender/i.test(`${String(headers["sec-purpose"] ?? "")} ${String(headers.purpose ?? "")}`);

function hostOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    return new URL(address).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return undefined;
  }
}

/** utm_source / utm_medium / utm_campaign, read as Express reads a query (node:querystring). */
function campaignOf(url: string): string | undefined {
  const query = querystring.parse(url.slice(url.indexOf("?") + 1));
  const part = (name: string) => {
    const v = query[name];
    return typeof v === "string" && v.trim() ? v.trim().toLowerCase().slice(0, 60) : undefined;
  };
  const parts = [part("utm_source"), part("utm_medium"), part("utm_campaign")];
  return parts.some(Boolean) ? parts.map((p) => p ?? "-").join(" / ") : undefined;
}

/** Records a view once its answer is known: its status and Content-Type. */
export type PendingView = (status: number, contentType: string) => void;

/**
 * Counts a page view when the server answers a page (200, HTML) to a person who
 * has not opted out; a client-side navigation's data request (/x.data) counts as
 * a view of /x when it comes from another page (a revalidation after a form on
 * the same page does not). Nothing is set on the reader: no cookie, no script.
 * Returns, for a request that may be a view, what records it once answered.
 */
export function pageViews(
  recorder: AudienceRecorder,
  siteUrl: string | undefined,
): (req: ViewedRequest) => PendingView | undefined {
  // The site's public name and the name a request reached it by are both "this site", never a referrer.
  const siteHost = hostOf(siteUrl);
  return (req) => {
    if (req.method !== "GET") return undefined;
    const requested = req.path;
    const isData = requested.endsWith(".data");
    if (!isData && NOT_PAGES.test(requested)) return undefined;
    const userAgent = req.headers["user-agent"];
    if (isBotAgent(userAgent) || optedOut(req.headers) || prefetch(req.headers)) return undefined;
    return (status, contentType) => {
      if (status !== 200) return;
      if (!isData && !contentType.startsWith("text/html")) return;
      const path = (isData ? requested.replace(/(\/_root)?\.data$/, "") || "/" : requested).slice(0, 200);
      if (isData && NOT_PAGES.test(path)) return;
      // Most views come from the site's own links: the referrer is read only when there is one.
      const referer = req.headers.referer;
      const referrerHost = referer ? hostOf(referer) : undefined;
      const fromSite =
        referrerHost !== undefined &&
        (referrerHost === siteHost || referrerHost === (req.hostname() ?? "").toLowerCase().replace(/^www\./, ""));
      if (isData && (!fromSite || new URL(referer!).pathname === path)) return;
      recorder.page({
        at: new Date(),
        path,
        address: req.address(),
        userAgent: userAgent!,
        referrer: referrerHost && !fromSite ? referrerHost : undefined,
        campaign: req.url.includes("utm_") ? campaignOf(req.url) : undefined,
      });
    };
  };
}

/** Counts page views (pageViews) of the requests the framework answers, once each response has gone out. */
export function countPageViews(recorder: AudienceRecorder, siteUrl: string | undefined): RequestHandler {
  const viewOf = pageViews(recorder, siteUrl);
  return (req, res, next) => {
    const pending = viewOf({
      method: req.method,
      path: req.path,
      url: req.url,
      headers: req.headers,
      address: () => requestAddress(req),
      hostname: () => req.hostname,
    });
    if (pending) res.once("finish", () => pending(res.statusCode, String(res.getHeader("content-type") ?? "")));
    next();
  };
}

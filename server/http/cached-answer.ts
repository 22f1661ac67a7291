import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import accepts from "accepts";
import fresh from "fresh";
import type { Encoding, RenderedPage } from "./page-cache.ts";

/**
 * What `X-Page-Cache` tells: served from the cache, rendered for this request,
 * rendered for another request that arrived first, rendered and not kept, or
 * the last copy kept, served while the database cannot say whether it is current.
 */
export type CacheOutcome = "hit" | "miss" | "shared" | "bypass" | "stale";

// Few distinct Accept-Encoding values reach a site (one per browser family): each is negotiated once.
const negotiated = new Map<string, Encoding>();

/** The encoding a request takes of the kept ones (brotli, gzip, none), as the request's Accept-Encoding ranks them. */
export function encodingFor(headers: IncomingHttpHeaders): Encoding {
  const given = headers["accept-encoding"] ?? "";
  let encoding = negotiated.get(given);
  if (encoding === undefined) {
    encoding = (accepts({ headers } as IncomingMessage).encodings("br", "gzip") || "identity") as Encoding;
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(given, encoding);
  }
  return encoding;
}

/** The tag of a page's bytes in one encoding (the bytes differ, so the tags must). */
export const etagOf = (page: RenderedPage, encoding: Encoding) => `"${page.etag}-${encoding}"`;

/** Whether the client's copy is current (If-None-Match, If-Modified-Since), as Express judges `req.fresh`. */
export function notModified(method: string, headers: IncomingHttpHeaders, page: RenderedPage, etag: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (!((page.status >= 200 && page.status < 300) || page.status === 304)) return false;
  const lastModified = page.headers.find(([name]) => name === "last-modified")?.[1];
  return fresh(headers, { etag, "last-modified": lastModified });
}

/**
 * Everything a kept response adds to the headers every response carries
 * (security-headers.ts) and its request id: the page's own headers, then how it
 * was negotiated, found and tagged, and its body's encoding and length (none on
 * a 304). The framework's path and the fast path both answer with this list, so
 * a header cannot reach one and miss the other.
 */
export function answerHeaders(
  page: RenderedPage,
  encoding: Encoding,
  outcome: CacheOutcome,
  body: Buffer | undefined,
): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ...page.headers,
    ["Vary", "Accept-Encoding"],
    ["X-Page-Cache", outcome],
    ["ETag", etagOf(page, encoding)],
  ];
  if (body) {
    if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
    headers.push(["Content-Length", String(body.length)]);
  }
  return headers;
}

import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import type { Config } from "../config.ts";

// React escapes "</script" inside what it renders, so the first closing tag ends the script.
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP source of every inline script in a rendered page: the sha256 of its exact text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT))
    hashes.add(`'sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}'`);
  return [...hashes];
}

/**
 * The Content-Security-Policy of a page: scripts only from this site or
 * inline scripts whose hash the page's own render listed (hashes rather than a
 * nonce, because a rendered page is cached and served many times; a nonce must
 * never be reused), never `unsafe-inline` scripts. Styles may be inline (React
 * style attributes and the toast library's sheet); media may come from MEDIA_BASE_URL.
 */
export function pageCsp(config: Pick<Config, "MEDIA_BASE_URL">, scriptHashes: readonly string[]): string {
  const media = config.MEDIA_BASE_URL ? ` ${new URL(config.MEDIA_BASE_URL).origin}` : "";
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(" "),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${media}`,
    `media-src 'self'${media}`,
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Everything that is not a page (JSON, feeds, media) may run nothing and be framed by no one. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Rendered by React Router: not an API, feed, media or static path, and no file extension (data requests end in .data). */
export function looksLikePage(path: string): boolean {
  return !/^\/(?:api|feeds|media|assets|healthz)(?:\/|$)/.test(path) && !/\.[A-Za-z0-9]+$/.test(path);
}

/** The headers every response carries, for a request's path: one list for the framework and the fast path. */
export type HeadersFor = (path: string) => ReadonlyArray<readonly [string, string]>;

/**
 * Headers every response carries. Pages replace the CSP with their own (with
 * the hashes of their inline scripts) when they are rendered; everything else
 * gets the strict one (two policies would both apply). HSTS only when the site
 * is served over https, where it means something.
 */
export function everyResponseHeaders(config: Pick<Config, "SITE_URL">): HeadersFor {
  const https = config.SITE_URL.startsWith("https://");
  const common: Array<[string, string]> = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-site"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()"],
    ["X-Frame-Options", "DENY"],
    ...(https ? [["Strict-Transport-Security", "max-age=63072000; includeSubDomains"] as [string, string]] : []),
  ];
  const notPage: Array<[string, string]> = [["Content-Security-Policy", NON_PAGE_CSP], ...common];
  return (path) => (looksLikePage(path) ? common : notPage);
}

/** Sets the headers every response carries (everyResponseHeaders), and refuses TRACE. */
export function securityHeaders(config: Config): RequestHandler {
  const headersFor = everyResponseHeaders(config);
  return (req, res, next) => {
    if (req.method === "TRACE" || req.method === "TRACK") {
      res
        .set("Allow", "GET, HEAD, POST, PATCH, DELETE")
        .status(405)
        .type("application/json")
        .send(JSON.stringify({ error: "Method not allowed" }));
      return;
    }
    for (const [name, value] of headersFor(req.path)) res.setHeader(name, value);
    next();
  };
}

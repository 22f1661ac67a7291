import type { RequestHandler } from "express";
import type { Config } from "../config.ts";

/**
 * The Content-Security-Policy of a page: scripts only from this site or
 * carrying this response's nonce (the server-rendered inline scripts), never
 * `unsafe-inline` scripts. Styles may be inline (React style attributes and the
 * toast library's sheet); media may come from MEDIA_BASE_URL.
 */
export function pageCsp(config: Pick<Config, "MEDIA_BASE_URL">, nonce: string): string {
  const media = config.MEDIA_BASE_URL ? ` ${new URL(config.MEDIA_BASE_URL).origin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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

/**
 * Headers every response carries. Pages replace the CSP with their own (with
 * the response's nonce) when they are rendered. HSTS only when the site is
 * served over https, where it means something.
 */
export function securityHeaders(config: Config): RequestHandler {
  const https = config.SITE_URL.startsWith("https://");
  return (req, res, next) => {
    if (req.method === "TRACE" || req.method === "TRACK") {
      res.set("Allow", "GET, HEAD, POST, PATCH, DELETE").status(405).type("application/json").send(JSON.stringify({ error: "Method not allowed" }));
      return;
    }
    // Pages set their own policy when rendered (two policies would both apply); everything else gets the strict one.
    if (!looksLikePage(req.path)) res.set("Content-Security-Policy", NON_PAGE_CSP);
    res.set({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Cross-Origin-Resource-Policy": "same-site",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
      "X-Frame-Options": "DENY",
      ...(https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
    });
    next();
  };
}

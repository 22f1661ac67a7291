import { escapeHtml as escape } from "../content/escape-html.ts";
import type { Config } from "../config.ts";
import { pageCsp } from "./security-headers.ts";

/**
 * The page a visitor gets when a page could not be rendered at all (React Router
 * renders route errors itself; this is for a render that failed while being
 * written, or timed out). Plain HTML with its own small style: it must not depend
 * on anything that may be what failed. Also the page for a visitor refused for
 * asking too fast (429), with the refusal's own words.
 */
export function errorPageHtml(config: Pick<Config, "SITE_BRAND">, status: number, message?: string): string {
  const brand = escape(config.SITE_BRAND);
  const title = status === 429 ? "Too many requests" : status === 503 ? "The site is busy" : "Something went wrong";
  const said = message ? escape(message) : `${status}: the page could not be shown. Please try again in a moment.`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | ${brand}</title><meta name="robots" content="noindex">
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f7f4ee;color:#14213d}main{max-width:36rem;margin:12vh auto;padding:0 1.5rem}h1{font-size:2rem}a{color:#9a4a12;font-weight:600}</style>
</head><body><main><p>${brand}</p><h1>${title}</h1><p>${said}</p><p><a href="/">Return to Home</a></p></main></body></html>`;
}

export const errorPageCsp = (config: Pick<Config, "MEDIA_BASE_URL">) => pageCsp(config, []);

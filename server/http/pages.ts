import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, NextFunction, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { RateLimitError, type RateLimit } from "../limits/rate-limit.ts";
import type { Config } from "../config.ts";
import type { ContentVersionReader } from "../data/content-version.ts";
import { bodyIn, compressAll, PageCache, renderedPage, type RenderedPage } from "./page-cache.ts";
import { answerHeaders, encodingFor, etagOf, notModified, type CacheOutcome } from "./cached-answer.ts";
import { deferHydration } from "./defer-hydration.ts";
import { inlineScriptHashes, looksLikePage, pageCsp } from "./security-headers.ts";
import { appContext } from "./app-context.server.ts";
import { receiveForm, type SignedIn } from "./form-bodies.ts";
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from "../db/unavailable.ts";
import { routeMatcher, NOT_FOUND_ROUTE } from "./route-matcher.ts";

export interface PageDeps {
  config: Config;
  build: () => Promise<ServerBuild>;
  /** The router context for one render, answering the request with this id. */
  loadContext: (requestId: string) => RouterContextProvider;
  versions: ContentVersionReader;
  cache: PageCache;
  /** Renders the cache cannot answer, per client address (uncached-renders.ts). */
  uncached: RateLimit;
  /** Whether a request carries a live desk session: the editors' forms get their larger limit only then. */
  signedIn: SignedIn;
}

/** A page, or the data a client-side navigation loads for one (`/recap/3.data`). */
export const isRendered = (path: string) => looksLikePage(path) || path.endsWith(".data");

/** The editor's desk (/admin and below, with its data requests). */
export const isDesk = (path: string) => /^\/admin(?:\/|\.data$|$)/.test(path);

/** Pages that act for one visitor (the desk; the newsletter's subscribe, confirm and unsubscribe pages): never cached. */
const isPersonal = (path: string) => isDesk(path) || /^\/newsletter(?:\/|\.data$|$)/.test(path);

/** A page no browser, proxy or cache may keep. */
function personal(page: RenderedPage): RenderedPage {
  page.headers = [...page.headers.filter(([name]) => name !== "cache-control"), ["cache-control", "no-store"]];
  return page;
}

// Headers a render may not fix for every later visitor.
const PERSONAL = /(?:^|,)\s*(?:no-store|private)\b/i;

/**
 * Serves everything React Router renders, in production. A GET that renders
 * 200 is kept, compressed once, under the content version read after the
 * request arrived and its URL: later requests for it are a copy of bytes until
 * any content changes, on this instance or another (the version lives in the
 * database, bumped by triggers in the writing transaction). Concurrent requests
 * for a page being rendered wait for that one render. Pages get a CSP listing
 * the hashes of their own inline scripts. A path no page claims gets the one
 * 404 page kept for the content version, whatever the path: a flood of made-up
 * paths costs a copy of bytes each, not a render.
 */
export function pageRoutes(deps: PageDeps): RequestHandler {
  const handle = createRequestHandler(deps.build, "production");
  const origin = new URL(deps.config.SITE_URL).origin;
  const matcher = routeMatcher(deps.build);

  async function render(request: Request, version: number, requestId: string): Promise<RenderedPage> {
    const context = deps.loadContext(requestId);
    const response = await handle(request, context);
    // A loader that could not reach the database: the site is unavailable for now (503), not broken (500).
    const unavailable =
      response.status >= 500 && (context.get(appContext).render?.errors ?? []).some(isDatabaseUnavailable);
    const html = response.headers.get("content-type")?.startsWith("text/html");
    const body = html ? Buffer.from(deferHydration(await response.text())) : Buffer.from(await response.arrayBuffer());
    const headers: Array<[string, string]> = [];
    response.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "set-cookie") headers.push([name, value]);
    });
    for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
    if (html) {
      headers.push(["content-security-policy", pageCsp(deps.config, inlineScriptHashes(body.toString("utf8")))]);
    }
    // Browsers and CDNs may keep a copy but must ask again each time (a 304 when nothing changed).
    if (!response.headers.has("cache-control")) headers.push(["cache-control", "no-cache"]);
    if (unavailable) headers.push(["retry-after", String(DATABASE_UNAVAILABLE.retryAfterSeconds)]);
    return renderedPage(unavailable ? 503 : response.status, headers, body, version);
  }

  const shared = sharedRenders(deps.cache);
  // A render the cache cannot answer counts against the client's address; a refusal is a 429.
  const admit = (req: ExpressRequest) => deps.uncached.consume(req.ip ?? "unknown");

  return (req, res, next) => {
    if (!isRendered(req.path)) return next();
    // Another method renders for its request alone; a GET is rendered with no visitor
    // headers, so the result can be shared by everyone who asks for this URL.
    // Rendered for this request alone, at the address it was sent to (React Router checks an action's Origin against it).
    const at = `${req.protocol}://${req.get("host") ?? new URL(origin).host}`;
    // The editor's desk is personal (it reads the visitor's session): rendered for each request, kept by no one.
    const mine = (page: RenderedPage) => (isPersonal(req.path) ? personal(page) : page);
    if (req.method !== "GET" && req.method !== "HEAD") {
      // A form's body is read whole, within its limit and the body budget, before anything parses it.
      receiveForm(req, res, deps.signedIn).then((body) => {
        if (body === undefined) return; // refused, and answered
        return serve(req, res, next, deps.versions, shared, {
          alone: async () => mine(await render(ownRequest(req, at, body), -1, String(req.id))),
        });
      }, next);
      return;
    }
    const alone = async () => mine(await render(ownRequest(req, at), -1, String(req.id)));
    if (isPersonal(req.path)) return serve(req, res, next, deps.versions, shared, { alone });
    const admitted = { admit: () => admit(req) };
    // A client-side navigation's data (`.data`) is rendered as it is asked for; a page's address is checked.
    const kind = req.path.endsWith(".data") ? Promise.resolve("page" as const) : matcher.kindOf(req.path);
    kind.then((kind) => {
      if (kind === "missing") {
        // Rendered at a path of its own, so the page is the same for every path that gets it.
        return serve(req, res, next, deps.versions, shared, {
          ...admitted,
          make: (version) => render(new Request(origin + NOT_FOUND_ROUTE), version, String(req.id)),
          alone: async () => render(new Request(origin + NOT_FOUND_ROUTE), -1, String(req.id)),
          key: NOT_FOUND_KEY,
          keep: (page) => page.status === 404 && shareable(page),
        });
      }
      // Kept and rendered under the parameters the page reads, so ?utm_…, ?fbclid or a random
      // string each time cannot force a render per request (on 3f297b8: 12,390 → 79 pages a second).
      const url = pageUrl(req.path, req.originalUrl);
      return serve(req, res, next, deps.versions, shared, {
        // React Router's own answers are a lookup, not a render: not counted.
        ...(kind === "page" ? admitted : {}),
        make: (version) => render(new Request(origin + url), version, String(req.id)),
        alone,
        key: url,
      });
    }, next);
  };
}

/** Where the one kept 404 page lives in the cache (no request URL starts with a NUL). */
const NOT_FOUND_KEY = "\0not-found";

/** How `serve` answers one request. */
interface Serving {
  /** Renders the page at a content version, to be kept; absent for a request the cache does not serve. */
  make?: (version: number) => Promise<RenderedPage>;
  /** Renders for this request alone, not kept. */
  alone: () => Promise<RenderedPage>;
  /** Counts a render the cache cannot answer, or throws a RateLimitError; absent when such renders are not counted. */
  admit?: () => Promise<void>;
  /** The page's place in the cache (its URL by default). */
  key?: string;
  /** Whether a render may be kept for everyone (a plain 200 by default). */
  keep?: (page: RenderedPage) => boolean;
}

/**
 * Answers from the cache at the current content version (`make` renders what is
 * missing), or with `alone()`, not kept, for a request the cache does not serve
 * (no `make`) or when the database cannot say its version. A render for a
 * request is admitted first (`admit`); one running for another request, or a
 * kept copy, is not counted.
 */
async function serve(
  req: ExpressRequest,
  res: ExpressResponse,
  next: NextFunction,
  versions: ContentVersionReader,
  shared: ReturnType<typeof sharedRenders>,
  { make, alone, admit, key = req.originalUrl, keep = cacheable }: Serving,
): Promise<void> {
  try {
    const version = make ? await versionFor(req, versions).catch(() => undefined) : undefined;
    // The database cannot say its version (it is down): the copy this instance has is better than an error.
    const kept = make && version === undefined ? shared.latest(key) : undefined;
    if (kept) return await send(req, res, kept, "stale");
    if (!make || version === undefined) {
      await admit?.();
      return await send(req, res, await alone(), "bypass");
    }
    const { page, how } = await shared(key, version, () => make(version), { admit, keep });
    await send(req, res, page, how);
  } catch (error) {
    next(error);
  }
}

// The version the fast path already read for a request it handed on (a miss): read once, not twice.
const versionsAsked = new WeakMap<IncomingMessage, Promise<number>>();

/** The content version for a request: read once per request, by whichever path asks first. */
export function versionFor(req: IncomingMessage, versions: ContentVersionReader): Promise<number> {
  let asked = versionsAsked.get(req);
  if (!asked) versionsAsked.set(req, (asked = versions.current()));
  return asked;
}

/** Nothing in it belongs to one visitor: no cookie set, no private or no-store. */
const shareable = (page: RenderedPage) =>
  !page.headers.some(([name, value]) => name === "set-cookie" || (name === "cache-control" && PERSONAL.test(value)));

const cacheable = (page: RenderedPage) => page.status === 200 && shareable(page);

/**
 * The cache's front door: a kept copy of `url` at `version`, else the render
 * already running for it, else a new render (`make`), once `admit` lets it,
 * that everyone who asks meanwhile waits for, kept when `keep` says so.
 */
function sharedRenders(cache: PageCache) {
  const rendering = new Map<string, Promise<RenderedPage>>();
  const shared = async (
    url: string,
    version: number,
    make: () => Promise<RenderedPage>,
    { admit, keep = cacheable }: Pick<Serving, "admit" | "keep"> = {},
  ): Promise<{ page: RenderedPage; how: CacheOutcome }> => {
    const cached = cache.get(version, url);
    if (cached) return { page: cached, how: "hit" };
    const key = PageCache.key(version, url);
    const running = rendering.get(key);
    if (running) {
      try {
        return { page: await running, how: "shared" };
      } catch (error) {
        // The request that started it was refused for its own address: this one asks for itself.
        if (error instanceof RateLimitError) return shared(url, version, make, { admit, keep });
        throw error;
      }
    }
    // Admitted and rendered as one piece of work, so that requests for it meanwhile wait and are not counted.
    const pending = (async () => {
      await admit?.();
      const page = await make();
      if (keep(page)) cache.set(version, url, await compressAll(page));
      return page;
    })();
    rendering.set(key, pending);
    const done = () => rendering.delete(key);
    pending.then(done, done);
    return { page: await pending, how: "miss" };
  };
  return Object.assign(shared, { latest: (url: string) => cache.latest(url) });
}

/** What a versioned GET route produces: its bytes and their type, derived from the database alone. */
export interface Produced {
  type: string;
  body: string | Buffer;
  /** Cache-Control for browsers and CDNs; the server's own copy lasts until the content changes. */
  cacheControl: string;
}

/**
 * A GET route whose answer depends only on its URL and the content tables (API
 * lists, feeds, the sitemap), served like pages: made once per content version,
 * compressed once, shared by concurrent requests, revalidated with a 304. A
 * thrown error (a 400 or 404) is passed on and never kept.
 */
export function versionedRoute(
  deps: VersionedCache,
  produce: (req: ExpressRequest) => Promise<Produced>,
): RequestHandler {
  const shared = sharedRenders(deps.cache);
  const make = async (req: ExpressRequest, version: number) => {
    const produced = await produce(req);
    const headers: Array<[string, string]> = [
      ["content-type", produced.type],
      ["cache-control", produced.cacheControl],
    ];
    return renderedPage(200, headers, Buffer.from(produced.body), version);
  };
  return (req, res, next) =>
    serve(req, res, next, deps.versions, shared, {
      make: (version) => make(req, version),
      alone: () => make(req, -1),
      admit: () => deps.uncached.consume(req.ip ?? "unknown"),
    });
}

/**
 * The query parameters each public page reads (its loader), by path; every other
 * parameter is left out of the page's render and of its place in the cache. A
 * page that starts reading a parameter must be given it here. React Router's
 * own `_routes` (which loaders a `.data` request runs) is kept everywhere; any
 * other path (React Router's `/__manifest`, say) keeps its whole query.
 */
const PAGE_PARAMS: Array<[RegExp, string[]]> = [
  // Before the families' pattern below, which it would otherwise match.
  [/^\/data\/labels(?:\.data)?$/, ["company", "class", "type", "page"]],
  [/^\/data\/imports(?:\.data)?$/, ["code", "country"]],
  [
    /^\/(?:_root\.data)?$|^\/chat(?:\.data)?$|^\/recap\/[^/]+?(?:\.data)?$|^\/data(?:\.data)?$|^\/data\/[^/]+?(?:\.data)?$/,
    [],
  ],
  [/^\/recap(?:\.data)?$/, ["q", "page", "id"]],
  [/^\/podcast(?:\.data)?$/, ["series", "q", "page", "episode"]],
  [/^\/explorer(?:\.data)?$/, ["q", "company", "sort"]],
  [/^\/search(?:\.data)?$/, ["q", "kind", "series", "from", "to", "page"]],
  [/^\/topics(?:\.data)?$|^\/topics\/[^/]+?(?:\.data)?$/, ["page"]],
];

/**
 * Where a GET for `url` (at `path`) is kept in the cache, if it can be: a page under its
 * address (pageUrl), anything else under its whole URL (versionedRoute). Personal pages
 * never are. A path no page claims is kept apart (NOT_FOUND_KEY), so looking it up here misses.
 */
export function cacheKeyOf(path: string, url: string): string | undefined {
  if (!isRendered(path)) return url;
  return isPersonal(path) ? undefined : pageUrl(path, url);
}

/** The address a page is rendered and kept under: its path and the parameters it reads, in a fixed order. */
export function pageUrl(path: string, originalUrl: string): string {
  const query = originalUrl.indexOf("?");
  const page = PAGE_PARAMS.find(([pattern]) => pattern.test(path));
  if (query < 0 || !page) return originalUrl;
  const reads = [...page[1], "_routes"];
  const given = new URLSearchParams(originalUrl.slice(query + 1));
  const kept = new URLSearchParams();
  for (const name of reads) for (const value of given.getAll(name)) kept.append(name, value);
  const search = kept.toString();
  return `${originalUrl.slice(0, query)}${search ? `?${search}` : ""}`;
}

/** Set by the server on a request it renders for one visitor (any such header the visitor sent is replaced). */
export const CLIENT_ADDRESS_HEADER = "x-proofline-client-address";

function ownRequest(req: ExpressRequest, origin: string, body?: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  // The client's address as Express judged it (TRUST_PROXY), for the desk's sign-in limits; never taken from the visitor.
  headers.set(CLIENT_ADDRESS_HEADER, req.ip ?? "unknown");
  const method = req.method === "HEAD" ? "GET" : req.method;
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  return new Request(origin + req.originalUrl, {
    method,
    headers,
    ...(method !== "GET" && body ? { body: new Uint8Array(body) } : {}),
  });
}

async function send(req: ExpressRequest, res: ExpressResponse, page: RenderedPage, cache: CacheOutcome): Promise<void> {
  const encoding = encodingFor(req.headers);
  const fresh = notModified(req.method, req.headers, page, etagOf(page, encoding));
  const body = fresh ? undefined : await bodyIn(page, encoding);
  res.status(fresh ? 304 : page.status);
  for (const [name, value] of answerHeaders(page, encoding, cache, body)) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (!body || req.method === "HEAD") res.end();
  else res.end(body);
}

/** A JSON answer for `versionedRoute`: browsers may keep it but ask again each time. */
export const jsonProduced = (value: unknown): Produced => ({
  type: "application/json; charset=utf-8",
  body: JSON.stringify(value),
  cacheControl: "no-cache",
});

/** What `versionedRoute` needs: the shared cache, the content-version reader and the limit on renders it cannot answer. */
export type VersionedCache = Pick<PageDeps, "cache" | "versions" | "uncached">;

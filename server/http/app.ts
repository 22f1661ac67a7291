import type { RequestListener } from "node:http";
import { coverageIndex } from "../search/coverage-index.ts";
import type { AudienceRecorder } from "../analytics/audience-recorder.ts";
import { countPageViews, pageViews } from "./audience-counting.ts";
import { fastPath } from "./fast-path.ts";
import { loggedRequest, loggedResponse, requestIdOf, requestLogLevel, requestMessage } from "./request-log.ts";
import { newsletterTracking } from "./newsletter-tracking.ts";
import { COMPANIES } from "../content/companies.server.ts";
import { Redis } from "ioredis";
import fs from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express } from "express";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { appContext } from "./app-context.server.ts";
import { publicConfig, type Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { errorForLog, type Logger } from "../logger.ts";
import { commentRateLimit } from "./api/comments.ts";
import { companiesApi } from "./api/companies.ts";
import { publishingApi } from "./publishing-api/publishing-api.ts";
import { AdminToken } from "./publishing-api/bearer-auth.ts";
import { deskApi } from "./desk-api.ts";
import { everyResponseHeaders, securityHeaders } from "./security-headers.ts";
import { oneClickUnsubscribe } from "./one-click-unsubscribe.ts";
import { passwordFormsWhenBusy } from "./password-forms.ts";
import { requestTimeouts } from "./request-timeouts.ts";
import { BODY_BUFFERS } from "./body-budget.ts";
import { readSession, SESSION_COOKIE } from "../desk/sessions.server.ts";
import { cookieIn } from "../desk/request-checks.server.ts";
import { ContentVersionReader, readContentVersion } from "../data/content-version.ts";
import { PageCache } from "./page-cache.ts";
import { pageRoutes } from "./pages.ts";
import { chatApi, chatProvider, hubLookups } from "./api/chat.ts";
import { chatSharingApi } from "./api/chat-sharing.ts";
import { ConversationStore } from "../chat/conversation-store.ts";
import { HubKnowledge } from "../analyst/hub-index.ts";
import { episodesApi } from "./api/episodes.ts";
import { recapsApi } from "./api/recaps.ts";
import { searchApi } from "./api/search.ts";
import { marketDataApi } from "./api/market-data.ts";
import { apiNotFound } from "./errors.ts";
import { feedRoutes } from "./feeds.ts";
import { healthRoute } from "./health.ts";
import { mediaRoutes } from "./media.ts";
import { DiskStore } from "../media/disk-store.ts";
import type { MediaStore } from "../media/media-store.ts";
import { siteFiles } from "./site-files.ts";
import { newsletterServices } from "../newsletter/subscribe.server.ts";
import { errorHandler } from "./error-handler.ts";
import { uncachedRenderLimit } from "./uncached-renders.ts";

// main.ts takes the newsletter's loop from the bundle (it renders recaps with the app's renderer).
export { startMail as startNewsletter } from "./mail-start.ts";
export { cutLingeringCloses } from "./early-answers.ts";

export interface HttpAppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  /** The media store (openMediaStore); the data folder's when not given. */
  media?: MediaStore;
  /** Counts downloads and page views (ANALYTICS); absent: nothing is counted. */
  audience?: AudienceRecorder;
  /** The client build folder, served as static files; absent in development (Vite serves it). */
  clientDir?: string;
  /** Development only: Vite's middleware, placed before the app. */
  devMiddleware?: express.RequestHandler;
  /** Development only: reload the React Router build on every request. */
  loadBuild?: () => Promise<ServerBuild>;
}

// Scripts that drive the bundle (benchmarks) need the bundle's own context key.
export { appContext };

/** The React Router server build this bundle was made with. */
export const loadReactRouterBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/**
 * The request handler: the fast path for what the cache holds (fast-path.ts), in front of
 * the Express app for everything else. Development has no cache, and FAST_PATH=false sends
 * every request through Express.
 */
export function createHttpApp(deps: HttpAppDeps): RequestListener {
  const { app, cached } = createExpressApp(deps);
  const { config } = deps;
  if (config.isDevelopment || !config.FAST_PATH) return app;
  return fastPath(
    {
      ...cached,
      logger: deps.logger,
      logSample: config.REQUEST_LOG_SAMPLE,
      headersFor: everyResponseHeaders(config),
      trust: app.get("trust proxy fn") as (address: string, hop: number) => boolean,
      views: deps.audience ? pageViews(deps.audience, config.SITE_URL) : undefined,
    },
    app,
  );
}

function createExpressApp(deps: HttpAppDeps): {
  app: Express;
  cached: { versions: ContentVersionReader; cache: PageCache };
} {
  const { config, database, logger } = deps;
  const app = express();
  BODY_BUFFERS.resize(config.BODY_BUFFER_MB * 1024 * 1024);
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.set("etag", "strong");

  app.use(
    pinoHttp({
      logger,
      genReqId(req, res) {
        const id = requestIdOf(req.headers["x-request-id"]);
        res.setHeader("X-Request-Id", id);
        return id;
      },
      customLogLevel: (_req, res, err) => requestLogLevel(res.statusCode, Boolean(err), config.REQUEST_LOG_SAMPLE),
      customSuccessMessage: (req, res) => requestMessage(req, res),
      serializers: { req: loggedRequest, res: loggedResponse, err: errorForLog },
    }),
  );
  app.use(requestTimeouts(config));
  app.use(securityHeaders(config));
  if (deps.audience) app.use(countPageViews(deps.audience, config.SITE_URL));

  const context = publicConfig(config);
  const stylesheetText = deps.clientDir ? builtStylesheets(deps.clientDir) : undefined;
  // Vite serves the source in development; the build names its hashed file in its manifest.
  const islandsScript = deps.clientDir ? builtIslandsScript(deps.clientDir) : `/${ISLANDS_ENTRY}`;
  const media = deps.media ?? new DiskStore(config.DATA_DIR);
  if (media.kind !== config.MEDIA_STORE)
    throw new Error(`MEDIA_STORE=${config.MEDIA_STORE}: open the store with openMediaStore and pass it in`);
  // One Redis connection for the limits every instance shares (REDIS_URL); none when unset.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  redis?.on("error", (err) => logger.warn({ err: err.message }, "redis unavailable; limits count per process"));
  const newsletter = newsletterServices(config, redis);
  const knowledge = new HubKnowledge(database.db);
  // Reads every text once (under a second on ten years) so the first profile, topic or
  // coverage question does not wait for it; a database that is down is read at first use instead.
  void coverageIndex(database.db, COMPANIES).catch(() => {});
  const loadContext = (requestId: string) =>
    new RouterContextProvider(
      new Map([
        [
          appContext,
          {
            config,
            publicConfig: context,
            database,
            logger,
            media,
            newsletter,
            knowledge,
            stylesheetText,
            islandsScript,
            render: { requestId, errors: [] },
          },
        ],
      ]),
    );
  const build = deps.loadBuild ?? loadReactRouterBuild;
  // Pages come first and bring their own compression (done once per render, not per request).
  // Development renders every request afresh (the build changes under it).
  // One cache for everything derived from the content tables alone: pages, API lists, feeds, the sitemap.
  const cached = {
    versions: new ContentVersionReader(() => readContentVersion(database.db)),
    cache: new PageCache(config.PAGE_CACHE_MB * 1024 * 1024),
    uncached: uncachedRenderLimit(config, redis),
  };
  app.use(passwordFormsWhenBusy);
  app.use(oneClickUnsubscribe(database));
  if (config.NEWSLETTER_TRACKING) app.use(newsletterTracking(config, database));
  const signedIn = async (req: express.Request) =>
    (await readSession(database.db, cookieIn(req.headers.cookie, SESSION_COOKIE))) !== undefined;
  if (!config.isDevelopment) app.use(pageRoutes({ config, build, loadContext, signedIn, ...cached }));
  // What the cache answers is already compressed in the negotiated encoding, and tagged as such.
  app.use(compression({ filter: (req, res) => !res.hasHeader("X-Page-Cache") && compression.filter(req, res) }));

  // One count of wrong admin tokens for the publishing API and /healthz's detail.
  const adminToken = new AdminToken(config, redis);
  app.get("/healthz", healthRoute({ config, database, redis, media, token: adminToken }));
  app.use(siteFiles(config, cached));
  app.use(feedRoutes(config, database, cached));
  app.use("/media", mediaRoutes(config, media, deps.audience));
  const commentLimit = commentRateLimit(config, redis);
  const provider = chatProvider(config, knowledge, new ConversationStore(database.db), hubLookups(database));
  app.use("/api/admin", publishingApi(config, database, media, newsletter, adminToken), apiNotFound);
  app.use("/api/desk", deskApi(config, database, media), apiNotFound);
  app.use(
    "/api",
    recapsApi(config, database, commentLimit, cached),
    episodesApi(config, database, commentLimit, cached),
    companiesApi(database, cached),
    searchApi(database, cached),
    marketDataApi(database, cached),
    chatApi(config, database, knowledge, redis, provider),
    chatSharingApi(config, database, knowledge, redis),
    apiNotFound,
  );

  if (deps.devMiddleware) app.use(deps.devMiddleware);
  if (deps.clientDir) {
    // Hashed file names never change their bytes: cache them for a year.
    app.use(
      "/assets",
      express.static(path.join(deps.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(deps.clientDir, { maxAge: "1h", index: false, redirect: false }));
  }

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: config.isDevelopment ? "development" : "production",
      getLoadContext: (req) => loadContext(String(req.id)),
    }),
  );

  app.use(errorHandler(config));
  return { app, cached };
}

const ISLANDS_ENTRY = "app/islands/islands-entry.ts";

/** The built islands script's URL, from Vite's manifest of the client build. */
function builtIslandsScript(clientDir: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    { file: string }
  >;
  const entry = manifest[ISLANDS_ENTRY];
  // Pages with islands would silently lose their comments and players: this means a broken build.
  if (!entry) throw new Error(`The build has no ${ISLANDS_ENTRY}`);
  return `/${entry.file}`;
}

/** The built stylesheets' text by URL, read once: pages inline them (app/inline-css.ts). */
function builtStylesheets(clientDir: string): (href: string) => string {
  const texts = new Map<string, string>();
  const assets = path.join(clientDir, "assets");
  for (const file of fs.existsSync(assets) ? fs.readdirSync(assets) : []) {
    if (file.endsWith(".css")) texts.set(`/assets/${file}`, fs.readFileSync(path.join(assets, file), "utf8"));
  }
  return (href) => {
    const text = texts.get(href);
    // A page without its styles would be worse than no page: this means a broken build.
    if (text === undefined) throw new Error(`The build has no stylesheet ${href}`);
    return text;
  };
}

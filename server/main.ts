// The one server process: validates configuration, opens and migrates the
// database, seeds the demo content, then serves the site, the API and media.
import fs from "node:fs";
import http, { type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { seedDemoContent } from "./db/seed.ts";
import { seedDemoMarketData } from "./market/demo-market-data.ts";
import type {
  createHttpApp as CreateHttpApp,
  cutLingeringCloses as CutLingeringCloses,
  startNewsletter as StartNewsletter,
} from "./http/app.ts";
import { originFormTargets } from "./http/request-target.ts";
import { createLogger, withoutCredentials, type Logger } from "./logger.ts";
import { startScheduler } from "./desk/scheduler.ts";
import { newsletterPolicy } from "./newsletter/auto-send.server.ts";
import { openMediaStore } from "./media/open-store.ts";
import { startOrphanSweep } from "./media/orphan-sweep.ts";
import type { MediaStore } from "./media/media-store.ts";
import { AudienceRecorder } from "./analytics/audience-recorder.ts";

/** What main needs from the built bundle (it holds the app's React code, which plain Node cannot load). */
interface Bundle {
  createHttpApp: typeof CreateHttpApp;
  startNewsletter: typeof StartNewsletter;
  cutLingeringCloses: typeof CutLingeringCloses;
}

const ROOT = path.resolve(import.meta.dirname, "..");
const SHUTDOWN_GRACE_MS = 10_000;
/** How long uploads still arriving at SIGTERM may go on before they are aborted (well inside the grace period). */
const UPLOAD_DRAIN_MS = 5_000;

async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  if (dev) process.env.NODE_ENV ??= "development";
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });

  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info({ applied }, "migrations applied");
  const media = await openMediaStore(config);
  await media.ready?.();
  const stopSweep = startOrphanSweep(media, logger, config.MEDIA_ORPHAN_AGE_SECONDS);
  if (config.SEED_DEMO) {
    const seeded = await seedDemoContent(database.db, media);
    if (seeded.seeded) logger.info(seeded, "demo content loaded");
    const market = await seedDemoMarketData(database.db);
    if (market) logger.info({ months: market.periodsAdded }, "demo market data loaded");
  }

  const audience = config.ANALYTICS
    ? new AudienceRecorder(database.db, logger, config.ANALYTICS_FLUSH_SECONDS).start()
    : undefined;
  const { app, startNewsletter, cutLingeringCloses } = dev
    ? await devApp(config, database, logger, media, audience)
    : await productionApp(config, database, logger, media, audience);
  // Absolute-form targets and `OPTIONS *` are dealt with before Express sees them (request-target.ts).
  const server = http.createServer(originFormTargets(app));
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    // What this instance runs with, without a secret: the first line to read when something is off.
    logger.info(
      {
        url: `http://${config.HOST}:${port}`,
        site: config.SITE_URL,
        database: database.engine,
        location: database.location,
        redis: config.REDIS_URL ? withoutCredentials(config.REDIS_URL) : "not configured (limits count per process)",
        media:
          config.MEDIA_STORE === "s3"
            ? `s3 ${config.S3_ENDPOINT ?? "(AWS)"} ${config.S3_BUCKET_WEEKLY_SUMMARY_PICS}, ${config.S3_BUCKET_PODCAST_EPISODES}`
            : `disk ${config.DATA_DIR}`,
        mail: config.SMTP_URL ? `${withoutCredentials(config.SMTP_URL)} from ${config.MAIL_FROM}` : "not configured",
        trustProxy: config.TRUST_PROXY,
      },
      "listening",
    );
  });
  // Node's own limit on receiving a request (5 minutes, whole) would cut a long upload: the app
  // times requests itself (server/http/request-timeouts.ts); headers still must arrive within 60 s.
  server.requestTimeout = 0;
  server.on("error", (err) => {
    logger.fatal({ err }, "server failed to listen");
    process.exit(1);
  });
  const stopScheduler = startScheduler(database.db, logger, config.SCHEDULE_POLL_SECONDS, newsletterPolicy(config));
  const stopSender = startNewsletter(config, database, logger);
  installShutdown(server, database, logger, media, cutLingeringCloses, async () => {
    stopSweep();
    await Promise.all([stopScheduler(), stopSender()]);
    // After the last response: its download or view is written before the database closes.
    await audience?.stop();
  });
}

async function productionApp(
  config: Config,
  database: Database,
  logger: Logger,
  media: MediaStore,
  audience: AudienceRecorder | undefined,
) {
  const serverBuild = path.join(ROOT, "build/server/index.js");
  if (!fs.existsSync(serverBuild)) {
    process.stderr.write("No build found: run `npm run build` first (bin/start does it for you).\n");
    process.exit(1);
  }
  const bundle = (await import(pathToFileURL(serverBuild).href)) as Bundle;
  return {
    app: bundle.createHttpApp({
      config,
      database,
      logger,
      media,
      audience,
      clientDir: path.join(ROOT, "build/client"),
    }),
    startNewsletter: bundle.startNewsletter,
    cutLingeringCloses: bundle.cutLingeringCloses,
  };
}

async function devApp(
  config: Config,
  database: Database,
  logger: Logger,
  media: MediaStore,
  audience: AudienceRecorder | undefined,
) {
  const { createServer } = await import("vite");
  const vite = await createServer({ root: ROOT, server: { middlewareMode: true }, appType: "custom" });
  const bundle = (await vite.ssrLoadModule("/server/http/app.ts")) as Bundle;
  const app = bundle.createHttpApp({
    config,
    database,
    logger,
    media,
    audience,
    devMiddleware: vite.middlewares,
    loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as never,
  });
  return { app, startNewsletter: bundle.startNewsletter, cutLingeringCloses: bundle.cutLingeringCloses };
}

// SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the
// database, exit. Uploads still arriving after UPLOAD_DRAIN_MS are aborted
// (their multipart uploads and temporary files removed) so that exit leaves
// nothing half-written in the store. A second signal, or the grace period
// running out, forces it. Refused requests' lingering closes are cut at once
// (early-answers.ts): an aborted upload must not linger past the grace period.
function installShutdown(
  server: Server,
  database: Database,
  logger: Logger,
  media: MediaStore,
  cutLingeringCloses: () => void,
  stopWorkers: () => Promise<void>,
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, "shutting down");
    cutLingeringCloses();
    setTimeout(() => {
      logger.error("shutdown grace period over; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    setTimeout(() => {
      void media.abortPuts().then((aborted) => {
        if (aborted) logger.warn({ aborted }, "aborted uploads still arriving at shutdown");
      });
    }, UPLOAD_DRAIN_MS).unref();
    server.close(async () => {
      await stopWorkers();
      await database.close().catch((err: unknown) => logger.error({ err }, "closing the database failed"));
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

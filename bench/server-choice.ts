// Express 5 or Hono? Serves the same React Router build (the home page) from
// each, with nothing else in front, and measures both with autocannon on
// 127.0.0.1. Usage: npm run build && node bench/server-choice.ts [seconds]
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createRequestHandler as expressHandler } from "@react-router/express";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import express from "express";
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { appContext as AppContextKey } from "#server/http/app-context.server.ts";
import { loadConfig, publicConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { createLogger } from "#server/logger.ts";

const seconds = Number(process.argv[2] ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "proofline-bench-"));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
const database = openDatabase({ dataDir });
const logger = createLogger("silent");
// A computed specifier: the bundle exists only after `npm run build`, and has no types.
const bundlePath = new URL("../build/server/index.js", import.meta.url).href;
const bundle = (await import(bundlePath)) as {
  loadReactRouterBuild: () => Promise<ServerBuild>;
  appContext: typeof AppContextKey;
};
const build = await bundle.loadReactRouterBuild();
// The bundle has its own copy of app/context.ts, so its key is the one the routes read.
const ctx = () =>
  new RouterContextProvider(
    new Map([[bundle.appContext, { config, publicConfig: publicConfig(config), database, logger }]]),
  );

async function measure(name: string, listen: () => Promise<{ url: string; close: () => void }>) {
  const { url, close } = await listen();
  const check = await fetch(url);
  if (check.status !== 200 || !(await check.text()).includes("Industry Intelligence Hub"))
    throw new Error(`${name} did not serve the home page`);
  await load(url, 2); // warm-up
  const r = await load(url, seconds);
  close();
  return {
    name,
    requestsPerSecond: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

// The load generator runs in its own process, so it does not share the server's event loop.
async function load(url: string, duration: number) {
  const cli = path.join(import.meta.dirname, "../node_modules/autocannon/autocannon.js");
  const { stdout } = await promisify(execFile)(process.execPath, [cli, "-c", "64", "-d", String(duration), "-j", url], {
    maxBuffer: 1 << 24,
  });
  return JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
}

const results = [
  await measure("express 5", async () => {
    const app = express();
    app.all("/{*splat}", expressHandler({ build, getLoadContext: ctx, mode: "production" }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
  }),
  await measure("hono 4 + @hono/node-server", async () => {
    const handle = createRequestHandler(build, "production");
    const app = new Hono();
    app.all("*", (c) => handle(c.req.raw, ctx()));
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
    });
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
  }),
];
console.table(results);
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });

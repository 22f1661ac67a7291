// npm run bench:uncached-flood: what a flood of requests the page cache cannot answer (unknown
// paths, a new search each time) costs a reader of a cached page. wrk measures `/recap` alone,
// then while a second wrk sends a 404 flood, then while it sends a search flood, each flood from
// one address (what the per-address limit on uncached renders sees) and from many (random
// X-Forwarded-For with TRUST_PROXY=1: what it costs when the limit cannot hold one client back).
// Prints requests/s of `/recap`, its p99, and what the flood got; writes bench/results/uncached-flood.json.
// Usage: node bench/uncached-flood.ts [seconds] [reader connections] [flood connections]
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { rssMb, startDemoServer } from "./demo-server.ts";

const seconds = Number(process.argv[2] ?? 10);
const readers = Number(process.argv[3] ?? 16);
const flooders = Number(process.argv[4] ?? 32);
const run = promisify(execFile);

// Each request a path or a query never asked before, so every one misses the cache.
// Statuses are counted per thread and printed at the end ("statuses 200 404 429 other").
const lua = (target: string, manyAddresses: boolean) => `
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) s200, s404, s429, other = 0, 0, 0, 0 end
function response(status, headers, body)
  if status == 200 then s200 = s200 + 1 elseif status == 404 then s404 = s404 + 1
  elseif status == 429 then s429 = s429 + 1 else other = other + 1 end
end
function done(summary, latency, requests)
  for _, t in ipairs(threads) do
    print("statuses " .. t:get("s200") .. " " .. t:get("s404") .. " " .. t:get("s429") .. " " .. t:get("other"))
  end
end
local n = 0
request = function()
  n = n + 1
  local headers = {}
  ${manyAddresses ? `headers["X-Forwarded-For"] = "10." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(1, 254)` : ""}
  return wrk.format("GET", ${target}, headers)
end
`;
const FLOODS = {
  "404s": `"/no-such-page-" .. math.random(1, 1e9) .. "-" .. n`,
  searches: `"/search?q=bourbon" .. math.random(1, 1e9) .. "x" .. n`,
};

interface WrkResult {
  rps: number;
  p99: string;
  non2xx: number;
  /** From the flood's script: how many of each status. */
  statuses?: string;
}

async function wrk(url: string, connections: number, script?: string): Promise<WrkResult> {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-H", "Accept-Encoding: br, gzip"];
  const { stdout: out } = await run("wrk", [...args, ...(script ? ["-s", script] : []), url], { encoding: "utf8" });
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]),
    p99: /^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? "?",
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    statuses: /^statuses (\d+) (\d+) (\d+) (\d+)$/m
      .exec(out)
      ?.slice(1)
      .map((n, i) => `${["200", "404", "429", "other"][i]}: ${n}`)
      .join(", "),
  };
}

// The limit on uncached renders at its default (the test servers raise it).
const demo = await startDemoServer({ TRUST_PROXY: "1", REQUEST_LOG_SAMPLE: "0", UNCACHED_RATE_PER_MINUTE: "120" });
const scripts = fs.mkdtempSync(path.join(os.tmpdir(), "uncached-flood-"));
const rows: Array<Record<string, string | number>> = [];
try {
  await fetch(`${demo.url}/recap`); // kept in the cache before anything is measured
  const quiet = await wrk(`${demo.url}/recap`, readers);
  rows.push({ flood: "none", "/recap req/s": Math.round(quiet.rps), "/recap p99": quiet.p99 });
  for (const [name, target] of Object.entries(FLOODS)) {
    for (const many of [false, true]) {
      const script = path.join(scripts, `${name}-${many}.lua`);
      fs.writeFileSync(script, lua(target, many));
      const [reader, flood] = await Promise.all([wrk(`${demo.url}/recap`, readers), wrk(demo.url, flooders, script)]);
      rows.push({
        flood: `${name} from ${many ? "many addresses" : "one address"}`,
        "/recap req/s": Math.round(reader.rps),
        "/recap p99": reader.p99,
        "/recap non-2xx": reader.non2xx,
        "flood req/s": Math.round(flood.rps),
        "flood statuses": flood.statuses ?? "?",
      });
    }
  }
  console.log(
    `wrk -t1 -d${seconds}s: /recap at ${readers} connections, the flood at ${flooders}; demo content on SQLite; ` +
      `server RSS after: ${rssMb(demo.pid).toFixed(0)} MB`,
  );
  console.table(rows);
  fs.mkdirSync(path.join(import.meta.dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, "results", "uncached-flood.json"), JSON.stringify(rows, null, 2));
} finally {
  fs.rmSync(scripts, { recursive: true, force: true });
  await demo.stop();
}

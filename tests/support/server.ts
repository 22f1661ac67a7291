import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { clockEnv } from "./clock.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** What `npm start` runs after `node` (the server's Node flags and its entry), so tests run the server as production does. */
const START_ARGS: string[] = (
  JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } }
).scripts.start
  .split(" ")
  .slice(1);

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Every line the server wrote, parsed when it is JSON. */
  logs: Array<Record<string, unknown> | string>;
  stderr: () => string;
  /** Sends the signal and waits for the exit; resolves to the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the production server (`node server/main.ts`, the built app) on a free
 * port of 127.0.0.1 and waits until it listens.
 */
function spawnServer(env: Record<string, string>) {
  return spawn(process.execPath, START_ARGS, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      SITE_URL: "http://proofline.test",
      ...clockEnv(),
      // Every test client is 127.0.0.1, and most files render far more new pages a minute than a
      // reader would: the limit on uncached renders has its own tests (uncached-renders.test.ts).
      UNCACHED_RATE_PER_MINUTE: "1000000",
      // Benchmarks may tune the server's V8 (e.g. heap limits) without tuning themselves.
      ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
      ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export async function startServer(env: Record<string, string>, timeoutMs = 45_000): Promise<RunningServer> {
  const child = spawnServer(env);
  const logs: RunningServer["logs"] = [];
  let stderr = "";
  let buffered = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));

  const url = await new Promise<string>((resolve, reject) => {
    // A server that misses its start is stopped, not left running behind the failed test.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in time\n${stderr}`));
    }, timeoutMs);
    child.stdout!.on("data", (d: Buffer) => {
      buffered += d.toString();
      let nl: number;
      while ((nl = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        let entry: Record<string, unknown> | string = line;
        try {
          entry = JSON.parse(line) as Record<string, unknown>;
        } catch {
          /* not JSON */
        }
        logs.push(entry);
        if (typeof entry === "object" && entry.msg === "listening") {
          clearTimeout(timer);
          resolve(String(entry.url));
        }
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening\n${stderr}`));
    });
  });

  return {
    url,
    process: child,
    logs,
    stderr: () => stderr,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      // 'close', not 'exit': the last lines of its output are read by then.
      const exited = once(child, "close");
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}

/** Runs `node server/main.ts` to completion (for start-up failures); returns its exit code and output. */
export async function runServerExpectingExit(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawnServer(env);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  // 'close', not 'exit': all its output is read by then.
  const [code] = (await once(child, "close")) as [number | null];
  return { code, stderr, stdout };
}

import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A failure worth one line to the operator; the command exits with status 1. */
export class CliError extends Error {}

type Progress = (done: number, total: number | undefined) => void;

/** A pass-through stream that counts the bytes going by and reports them. */
function counting(total: number | undefined, onProgress?: Progress): Transform & { bytes: number } {
  const stream = Object.assign(
    new Transform({
      transform(chunk: Buffer, _enc, done) {
        stream.bytes += chunk.length;
        onProgress?.(stream.bytes, total);
        done(null, chunk);
      },
    }),
    { bytes: 0 },
  );
  return stream;
}

/** The running site, reached over its HTTP API (the same one a workflow tool calls). */
export class HubClient {
  readonly baseUrl: string;
  private readonly token: string | undefined;

  constructor(baseUrl: string, token: string | undefined) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.token = token;
  }

  private headers(admin: boolean, extra: Record<string, string> = {}): Record<string, string> {
    if (admin && !this.token) throw new CliError("set ADMIN_TOKEN to the site's publishing token");
    return { ...(admin ? { Authorization: `Bearer ${this.token}` } : {}), ...extra };
  }

  /** Whether the site serves this path (a HEAD answered 200); false when it does not or cannot say. */
  async has(p: string): Promise<boolean> {
    try {
      return (await fetch(`${this.baseUrl}${p}`, { method: "HEAD", redirect: "manual" })).status === 200;
    } catch {
      return false;
    }
  }

  private async send(p: string, init: RequestInit & { duplex?: "half" }): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${p}`, { redirect: "manual", ...init });
    } catch (err) {
      throw new CliError(
        `cannot reach ${this.baseUrl} (${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}); is the site running?`,
      );
    }
    if (res.ok) return res;
    const text = await res.text();
    let message = text;
    try {
      message = (JSON.parse(text) as { error?: string }).error ?? text;
    } catch {
      // not JSON: keep the text
    }
    if (res.status === 404 && p.startsWith("/api/admin") && message === "Not found")
      message = "the publishing API is off on this site (ADMIN_TOKEN is not set there)";
    throw new CliError(`${message} (HTTP ${res.status})`);
  }

  async json<T>(method: string, p: string, body?: unknown, admin = true): Promise<T> {
    const res = await this.send(p, {
      method,
      headers: this.headers(admin, body === undefined ? {} : { "Content-Type": "application/json" }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  /** Streams a file to `p` as the request body, reporting progress; never reads it whole into memory. */
  async upload<T>(
    p: string,
    file: string,
    onProgress?: Progress,
    contentType = "application/octet-stream",
  ): Promise<T> {
    const { size } = await fs.stat(file).catch(() => {
      throw new CliError(`no such file: ${file}`);
    });
    const body = Readable.toWeb(createReadStream(file).pipe(counting(size, onProgress))) as ReadableStream<Uint8Array>;
    const res = await this.send(p, {
      method: "POST",
      headers: this.headers(true, { "Content-Type": contentType, "Content-Length": String(size) }),
      body,
      duplex: "half",
    });
    return (await res.json()) as T;
  }

  /** Streams a response body to a file, reporting progress. */
  async download(p: string, file: string, onProgress?: Progress): Promise<number> {
    const res = await this.send(p, { method: "GET", headers: this.headers(true) });
    const counter = counting(Number(res.headers.get("content-length")) || undefined, onProgress);
    await fs.mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await pipeline(Readable.fromWeb(res.body! as never), counter, createWriteStream(file));
    return counter.bytes;
  }
}

const MB = 1024 * 1024;

/** A progress line on standard error: rewritten in place on a terminal, every 10% otherwise. */
export function progressPrinter(label: string): Progress & { finish: () => void } {
  const tty = process.stderr.isTTY;
  let lastStep = -1;
  const print = (done: number, total: number | undefined) => {
    const amount = total
      ? `${(done / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB`
      : `${(done / MB).toFixed(1)} MB`;
    const percent = total ? Math.floor((done / total) * 100) : undefined;
    if (tty) process.stderr.write(`\r${label}: ${percent !== undefined ? `${percent}% ` : ""}(${amount})   `);
    else {
      const step = percent !== undefined ? Math.floor(percent / 10) : Math.floor(done / (10 * MB));
      if (step !== lastStep) {
        lastStep = step;
        process.stderr.write(`${label}: ${percent !== undefined ? `${percent}% ` : ""}(${amount})\n`);
      }
    }
  };
  return Object.assign(print, { finish: () => tty && process.stderr.write("\n") });
}

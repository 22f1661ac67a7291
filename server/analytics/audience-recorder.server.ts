import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { DailySalts } from "./daily-salts.server.ts";
import { addDays, utcDay } from "./utc-days.ts";
import { recordAudioHits, type AudioHit } from "./download-store.server.ts";
import { recordPageHits, type PageHit } from "./reader-store.server.ts";

/** Events held in memory at most, per kind: past this, new ones are dropped (and logged) until a write succeeds. */
export const MAX_BUFFERED = 50_000;
/** Per-client rows and salts are kept this long: a window needs 24 hours to close, a late batch a little more. */
const KEEP_CLIENT_ROWS_MS = 48 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

let lastDay = { second: 0, day: "" };
/** The UTC day of an instant, worked out once a second (every page view asks). */
function dayOfHit(at: Date): string {
  const second = Math.floor(at.getTime() / 1000);
  if (second !== lastDay.second) lastDay = { second, day: utcDay(at) };
  return lastDay.day;
}

/** A failed batch goes back in front of what came meanwhile (whose entries are new: the maps were swapped). */
function putBack<T>(failed: Map<string, T>, since: Map<string, T>): Map<string, T> {
  const merged = new Map(failed);
  for (const [key, value] of since) if (merged.size < MAX_BUFFERED) merged.set(`${key}\n+`, value);
  return merged;
}

/**
 * Counting off the hot path: a request only pushes its event into memory;
 * every ANALYTICS_FLUSH_SECONDS the events are written in one batch per kind.
 * A crash loses at most that interval's events (and never more than
 * MAX_BUFFERED); a stop (SIGTERM) writes what is held first.
 */
export class AudienceRecorder {
  // Events are folded as they come: one entry per listener and file, or per reader, page and
  // source, so a busy interval costs memory and a write per person, not per request.
  #audio = new Map<string, AudioHit>();
  #pages = new Map<string, PageHit>();
  #dropped = 0;
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #lastPrune = 0;
  #stopped = false;
  readonly salts: DailySalts;

  private readonly db: Kysely<DB>;
  private readonly logger: Logger;
  private readonly flushSeconds: number;

  constructor(db: Kysely<DB>, logger: Logger, flushSeconds: number) {
    this.db = db;
    this.logger = logger;
    this.flushSeconds = flushSeconds;
    this.salts = new DailySalts(db);
  }

  start(): this {
    const tick = () => {
      if (this.#stopped) return;
      this.#timer = setTimeout(() => void this.flush().finally(tick), this.flushSeconds * 1000);
      this.#timer.unref();
    };
    tick();
    return this;
  }

  audio(hit: AudioHit): void {
    const key = `${hit.file}\n${hit.address}\n${hit.userAgent}`;
    const held = this.#audio.get(key);
    if (held) {
      held.bytes += hit.bytes;
      held.requests = (held.requests ?? 1) + 1;
      held.servedSize ??= hit.servedSize;
    } else if (this.#audio.size >= MAX_BUFFERED) this.#dropped += 1;
    else this.#audio.set(key, { ...hit, requests: 1 });
  }

  page(hit: PageHit): void {
    const key = `${dayOfHit(hit.at)}\n${hit.path}\n${hit.address}\n${hit.userAgent}\n${hit.referrer ?? ""}\n${hit.campaign ?? ""}`;
    const held = this.#pages.get(key);
    if (held) held.views = (held.views ?? 1) + 1;
    else if (this.#pages.size >= MAX_BUFFERED) this.#dropped += 1;
    else this.#pages.set(key, { ...hit, views: 1 });
  }

  /** Writes what is held; one write at a time, so a slow database never sees two batches of ours at once. */
  flush(): Promise<void> {
    this.#flushing = (this.#flushing ?? Promise.resolve()).then(() => this.#write());
    return this.#flushing;
  }

  async #write(): Promise<void> {
    const audio = this.#audio;
    const pages = this.#pages;
    this.#audio = new Map();
    this.#pages = new Map();
    try {
      if (audio.size) await recordAudioHits(this.db, this.salts, [...audio.values()]);
    } catch (err) {
      this.#audio = putBack(audio, this.#audio);
      this.logger.warn({ err, held: this.#audio.size }, "counting downloads failed; will try again");
    }
    try {
      if (pages.size) await recordPageHits(this.db, this.salts, [...pages.values()]);
    } catch (err) {
      this.#pages = putBack(pages, this.#pages);
      this.logger.warn({ err, held: this.#pages.size }, "counting page views failed; will try again");
    }
    if (this.#dropped) {
      this.logger.warn({ dropped: this.#dropped }, "audience events dropped: the buffer was full");
      this.#dropped = 0;
    }
    if (Date.now() - this.#lastPrune > PRUNE_EVERY_MS) await this.prune().catch(() => {});
  }

  /** Deletes per-client rows and salts past their time: after this, no hash leads back to a client. */
  async prune(now = new Date()): Promise<void> {
    this.#lastPrune = now.getTime();
    const keepFrom = addDays(utcDay(now), -1);
    await this.db
      .deleteFrom("download_windows")
      .where("started_at", "<", new Date(now.getTime() - KEEP_CLIENT_ROWS_MS).toISOString())
      .execute();
    await this.db.deleteFrom("reader_visitors").where("day", "<", keepFrom).execute();
    await this.salts.forgetBefore(keepFrom);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.flush();
  }
}

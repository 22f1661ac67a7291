import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { DailySalts, dayBefore, utcDay } from "./daily-salts.server.ts";
import { recordAudioHits, type AudioHit } from "./download-store.server.ts";
import { recordPageHits, type PageHit } from "./reader-store.server.ts";

/** Events held in memory at most, per kind: past this, new ones are dropped (and logged) until a write succeeds. */
export const MAX_BUFFERED = 50_000;
/** Per-client rows and salts are kept this long: a window needs 24 hours to close, a late batch a little more. */
const KEEP_CLIENT_ROWS_MS = 48 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * Counting off the hot path: a request only pushes its event into memory;
 * every ANALYTICS_FLUSH_SECONDS the events are written in one batch per kind.
 * A crash loses at most that interval's events (and never more than
 * MAX_BUFFERED); a stop (SIGTERM) writes what is held first.
 */
export class AudienceRecorder {
  #audio: AudioHit[] = [];
  #pages: PageHit[] = [];
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
    if (this.#audio.length >= MAX_BUFFERED) this.#dropped += 1;
    else this.#audio.push(hit);
  }

  page(hit: PageHit): void {
    if (this.#pages.length >= MAX_BUFFERED) this.#dropped += 1;
    else this.#pages.push(hit);
  }

  /** Writes what is held; one write at a time, so a slow database never sees two batches of ours at once. */
  flush(): Promise<void> {
    this.#flushing = (this.#flushing ?? Promise.resolve()).then(() => this.#write());
    return this.#flushing;
  }

  async #write(): Promise<void> {
    const audio = this.#audio;
    const pages = this.#pages;
    this.#audio = [];
    this.#pages = [];
    try {
      if (audio.length) await recordAudioHits(this.db, this.salts, audio);
    } catch (err) {
      this.#audio = audio.concat(this.#audio).slice(0, MAX_BUFFERED);
      this.logger.warn({ err, held: this.#audio.length }, "counting downloads failed; will try again");
    }
    try {
      if (pages.length) await recordPageHits(this.db, this.salts, pages);
    } catch (err) {
      this.#pages = pages.concat(this.#pages).slice(0, MAX_BUFFERED);
      this.logger.warn({ err, held: this.#pages.length }, "counting page views failed; will try again");
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
    const keepFrom = dayBefore(utcDay(now));
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

import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { DailySalts } from "./daily-salts.ts";
import { addDays, utcDay } from "./utc-days.ts";
import { recordAudioHits, type AudioHit } from "./download-store.ts";
import { recordPageHits, type PageHit } from "./reader-store.ts";
import { noWrites } from "./audience-limits.ts";
import { pruneAudience } from "./audience-prune.ts";
import { networkOf } from "./client-network.ts";
import { EventBuffer } from "./event-buffer.ts";

/** Events held in memory at most, per kind: past this, new ones are dropped (and logged) until a write succeeds. */
export const MAX_BUFFERED = 50_000;
/** Their estimated bytes at most, per kind: on 4494ae7, 8 KB user agents took a server from 158 MB to 1,081 MB in one interval. */
export const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
/** Entries one network may hold at most, per kind: a client that rotates its referrer fills its own share, not others' room. */
export const MAX_BUFFERED_PER_NETWORK = 500;
const PRUNE_EVERY_MS = 3_600_000;

const LIMITS = { entries: MAX_BUFFERED, bytes: MAX_BUFFERED_BYTES, entriesPerNetwork: MAX_BUFFERED_PER_NETWORK };

let lastDay = { second: 0, day: "" };
/** The UTC day of an instant, worked out once a second (every page view asks). */
function dayOfHit(at: Date): string {
  const second = Math.floor(at.getTime() / 1000);
  if (second !== lastDay.second) lastDay = { second, day: utcDay(at) };
  return lastDay.day;
}

const byTime = (a: { at: Date }, b: { at: Date }) => a.at.getTime() - b.at.getTime();
const audioSize = (h: AudioHit) => 2 * (h.file.length + h.address.length + h.userAgent.length);
const pageSize = (h: PageHit) =>
  2 * (h.path.length + h.address.length + h.userAgent.length + (h.referrer?.length ?? 0) + (h.campaign?.length ?? 0));

/**
 * Counting off the hot path: a request only pushes its event into memory;
 * every ANALYTICS_FLUSH_SECONDS the events are written, a chunk per transaction
 * with requests served in between. A crash loses at most that interval's events
 * (and never more than the buffer's limits); a stop (SIGTERM) writes what is held first.
 */
export class AudienceRecorder {
  #audio = new EventBuffer<AudioHit>(LIMITS);
  #pages = new EventBuffer<PageHit>(LIMITS);
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
    this.#audio.add(
      networkOf(hit.address),
      `${hit.address}\n${hit.userAgent}`,
      hit.file,
      (rest) => (rest ? { ...hit, userAgent: "", rest, requests: 1 } : { ...hit, requests: 1 }),
      (held) => {
        held.bytes += hit.bytes;
        held.requests = (held.requests ?? 1) + 1;
        held.servedSize ??= hit.servedSize;
      },
    );
  }

  page(hit: PageHit): void {
    this.#pages.add(
      networkOf(hit.address),
      `${hit.address}\n${hit.userAgent}`,
      `${dayOfHit(hit.at)}\n${hit.path}\n${hit.referrer ?? ""}\n${hit.campaign ?? ""}`,
      (rest) => (rest ? { ...hit, userAgent: "", rest, views: 1 } : { ...hit, views: 1 }),
      (held) => {
        held.views = (held.views ?? 1) + 1;
      },
    );
  }

  /** Writes what is held; one write at a time, so a slow database never sees two batches of ours at once. */
  flush(): Promise<void> {
    this.#flushing = (this.#flushing ?? Promise.resolve()).then(() => this.#write());
    return this.#flushing;
  }

  async #write(): Promise<void> {
    // In time order, as the stores write them: a failed write puts back what it had not reached.
    const audio = this.#audio.take();
    const pages = this.#pages.take();
    audio.events.sort(byTime);
    pages.events.sort(byTime);
    const downloads = noWrites();
    const views = noWrites();
    try {
      if (audio.events.length) await recordAudioHits(this.db, this.salts, audio.events, downloads);
    } catch (err) {
      this.#audio.putBack(audio.events.slice(downloads.events), audioSize);
      this.logger.warn({ err, held: this.#audio.size }, "counting downloads failed; will try again");
    }
    try {
      if (pages.events.length) await recordPageHits(this.db, this.salts, pages.events, views);
    } catch (err) {
      this.#pages.putBack(pages.events.slice(views.events), pageSize);
      this.logger.warn({ err, held: this.#pages.size }, "counting page views failed; will try again");
    }
    for (const [kind, taken, written] of [
      ["downloads", audio, downloads],
      ["page views", pages, views],
    ] as const)
      if (taken.events.length)
        this.logger.debug({ kind, ...written, bytes: taken.bytes, dropped: taken.dropped }, "audience batch written");
    const dropped = audio.dropped + pages.dropped;
    if (dropped) this.logger.warn({ dropped }, "audience events dropped: the buffer was full");
    if (Date.now() - this.#lastPrune > PRUNE_EVERY_MS) await this.prune().catch(() => {});
  }

  /**
   * Deletes per-client rows and salts past their time (after this, no hash leads back to a
   * client), per-source rows past their retention, and folds finished days' rare sources.
   */
  async prune(now = new Date()): Promise<void> {
    this.#lastPrune = now.getTime();
    await pruneAudience(this.db, now);
    await this.salts.forgetBefore(addDays(utcDay(now), -1));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.flush();
  }
}

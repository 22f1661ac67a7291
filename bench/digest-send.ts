// npm run bench:digest: issue 42's digests, on SQLite and PostgreSQL.
// 1. Composing, in this process (no SMTP): a week of 5,000 recaps and 500 episodes, 10,000
//    readers following 1–5 companies, a brand or a topic; the window is read once, then each
//    reader's digest is made as the sender makes it (digestFor): digests a second, how many had
//    something new, their size, and this process's memory.
// 2. Sending, end to end: the built server, a local SMTP server (plain TCP) and `hub digest send`
//    (a smaller week: every reader's digest is quoted in full, so 5,000 recaps make each mail
//    megabytes), beside the newsletter sent to as many confirmed subscribers on the same engine, then
//    that newsletter again with its recap grown to the digest's mean size on the wire (bytes counted
//    by the SMTP server): messages a second from the trigger to the last message, each message's
//    mean size, and the server's memory meanwhile.
// SMTP_RATE_PER_SECOND is set high so that the pace measured is the sender's own.
// Sizes: RECAPS, EPISODES, FOLLOWERS, COMPOSE_SECONDS (composing), SEND_RECAPS, SEND_EPISODES, SEND_FOLLOWERS
// (sending); ENGINES=sqlite,postgres; PARTS=compose,send.
import fs from "node:fs";
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";
import type { Kysely } from "kysely";
import ts from "typescript";
import { COMPANIES } from "#server/content/companies.server.ts";
import { openDatabase, type Database } from "#server/db/client.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { DB } from "#server/db/schema.ts";
import { readDigestWindow } from "#server/follows/digest-compose.ts";
import { followableBrands } from "#server/follows/follow-items.server.ts";
import { listTopics } from "#server/search/topics.server.ts";
import type { FollowKind } from "#common/follows/follow-item.ts";
import { toVtt } from "#common/podcast/transcript-format.ts";
import { topicSlug } from "#common/topics/topic.ts";
import { freshDatabase, type Engine, type TestDatabase } from "../tests/support/databases.ts";
import { addFollowers, digestCounts, sendDigestNow } from "../tests/support/digest-load.ts";
import {
  addConfirmedSubscribers,
  deliveryCounts,
  publishTodaysRecap,
  sendingSiteEnv,
} from "../tests/support/newsletter-load.ts";
import { startServer } from "../tests/support/server.ts";
import { startSmtpSink, type SmtpSink } from "../tests/support/smtp-sink.ts";
import { rssMb } from "./demo-server.ts";

// A digest is made by the recap's mail code, which renders markdown with the site's React component
// (common/markdown/markdown.tsx): plain Node strips types but cannot load TSX, so it is compiled here
// as it is loaded (the server runs it from the built bundle instead).
registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith("file:") || !url.endsWith(".tsx")) return nextLoad(url, context);
    const fileName = fileURLToPath(url);
    const { outputText } = ts.transpileModule(fs.readFileSync(fileName, "utf8"), {
      fileName,
      compilerOptions: { jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    return { format: "module", source: outputText, shortCircuit: true };
  },
});
const { digestFor, WEEK_MS } = await import("#server/follows/digest-preview.ts");

// PostgreSQL: TEST_DATABASE_URL, or the local server.
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const ENGINES = (process.env.ENGINES ?? "sqlite,postgres").split(",") as Engine[];
const PARTS = (process.env.PARTS ?? "compose,send").split(",");
const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const COMPOSE: Content = {
  recaps: size("RECAPS", 5000),
  episodes: size("EPISODES", 500),
  followers: size("FOLLOWERS", 10_000),
  full: false,
};
// 5,000 readers, not 10,000: sending to 10,000 (digest and newsletter, both engines) takes over six
// minutes more on 2 shared cores, and the whole bench past ten (SEND_FOLLOWERS=10000 for the figure).
const SEND: Content = {
  recaps: size("SEND_RECAPS", 50),
  episodes: size("SEND_EPISODES", 20),
  followers: size("SEND_FOLLOWERS", 5000),
  full: true,
};
/** Each engine composes for at most this long: at the goal's pace every reader is reached well within it. */
const COMPOSE_SECONDS = size("COMPOSE_SECONDS", 45);
const TOKEN = "bench-admin-token-0123456789";
const SITE = { brand: "Proofline", siteUrl: "http://proofline.test" };
const mb = (bytes: number) => +(bytes / 1024 / 1024).toFixed(1);
const round1 = (n: number) => +n.toFixed(1);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- A week's content, the same on every run (a seeded generator) ----

function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}

const TAGS = ["Tequila", "Bourbon", "Wine", "Beer", "Ready-to-drink", "Tariffs", "Distribution", "Non-alcoholic"];
const HEADINGS = ["Shipments", "Pricing", "Distribution", "Deals", "Regulation", "On premise", "Imports", "Outlook"];
const NAMED = [
  (a: string) => `${a} reported depletions up four percent in the quarter, ahead of the category as a whole.`,
  (a: string) => `Distributors said ${a} held its price increases through the holiday resets.`,
  (a: string) => `${a} is shifting spend from national media to chain programs for the spring.`,
  (a: string) => `Retail scan data had ${a} gaining share in the premium tier for a third straight month.`,
];
const TWO_NAMED = [
  (a: string, b: string) => `${a} and ${b} both cut case allocations to smaller markets.`,
  (a: string, b: string) => `Buyers compared the ${a} line-up with what ${b} is bringing to the summer resets.`,
];
const FILLER = [
  "Inventories at the wholesale tier came down by roughly a week of supply.",
  "Chain buyers are asking for fewer items and deeper programs.",
  "The on-premise channel recovered slowly, with weekday traffic still soft.",
  "Several state control boards published their quarterly listings.",
  "Freight costs eased again, though not enough to change shelf prices.",
  "Trade groups expect the comment period to run into the summer.",
];

function companyName(rnd: ReturnType<typeof random>, roundRobin: { next: number } | undefined) {
  if (!roundRobin) return rnd.pick(COMPANIES).name;
  return COMPANIES[roundRobin.next++ % COMPANIES.length]!.name;
}

/** A paragraph of three or four sentences naming none, one or two companies. */
function paragraph(rnd: ReturnType<typeof random>, roundRobin?: { next: number }): string {
  const named = rnd.next();
  const sentences = [rnd.pick(FILLER), rnd.pick(FILLER)];
  if (named < 0.45) sentences.splice(1, 0, rnd.pick(NAMED)(companyName(rnd, roundRobin)));
  else if (named < 0.75)
    sentences.splice(1, 0, rnd.pick(TWO_NAMED)(companyName(rnd, roundRobin), companyName(rnd, roundRobin)));
  sentences.push(rnd.pick(FILLER));
  return sentences.join(" ");
}

/**
 * `recaps` recaps and `episodes` episodes, all published within the week before `now`, put
 * straight into the database. With `everyCompany`, the companies are named in turn (not at
 * random), so that each is named somewhere even in a small week.
 */
async function addWeek(
  db: Kysely<DB>,
  { recaps, episodes }: { recaps: number; episodes: number },
  now: number,
  everyCompany = false,
): Promise<void> {
  const rnd = random(42);
  const roundRobin = everyCompany ? { next: 0 } : undefined;
  // Spread over the week, the newest a minute before now.
  const at = (i: number, n: number) => new Date(now - 60_000 - ((WEEK_MS - 3_600_000) * i) / Math.max(n, 1));
  const tags = () => JSON.stringify(rnd.next() < 0.5 ? [rnd.pick(TAGS)] : [rnd.pick(TAGS), rnd.pick(TAGS)]);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < recaps; i += 500) {
      const rows = Array.from({ length: Math.min(500, recaps - i) }, (_, j) => {
        const created = at(i + j, recaps);
        const sections = [0, 1, 2, 3].map(
          (k) => `## ${HEADINGS[(i + j + k) % HEADINGS.length]}\n\n${paragraph(rnd, roundRobin)}`,
        );
        return {
          date: created.toISOString().slice(0, 10),
          headline: `Trade recap ${i + j + 1}`,
          content: `${paragraph(rnd, roundRobin)}\n\n${sections.join("\n\n")}\n`,
          snippets: rnd.next() < 0.7 ? "Depletions, pricing and the week's listings." : null,
          tags: tags(),
          created_at: created.toISOString(),
          updated_at: created.toISOString(),
        };
      });
      await trx.insertInto("weekly_summaries").values(rows).execute();
    }
    for (let i = 0; i < episodes; i += 500) {
      const rows = Array.from({ length: Math.min(500, episodes - i) }, (_, j) => {
        const created = at(i + j, episodes);
        const cues = Array.from({ length: 8 }, (_, k) => ({
          start: k * 20,
          end: k * 20 + 19,
          text:
            rnd.next() < 0.4
              ? rnd.pick(NAMED)(companyName(rnd, roundRobin))
              : rnd.next() < 0.15
                ? rnd.pick(TWO_NAMED)(companyName(rnd, roundRobin), companyName(rnd, roundRobin))
                : rnd.pick(FILLER),
        }));
        return {
          date: created.toISOString().slice(0, 10),
          title: `The daily ${i + j + 1}`,
          description: "What moved in the trade today.",
          weekly_daily: (i + j) % 5 === 0 ? ("weekly" as const) : ("daily" as const),
          guid: `bench-episode-${i + j}`,
          transcript: toVtt(cues),
          tags: tags(),
          created_at: created.toISOString(),
          updated_at: created.toISOString(),
        };
      });
      await trx.insertInto("podcast_episodes").values(rows).execute();
    }
  });
}

/**
 * `count` readers whose digest is on (addFollowers), then what each follows replaced by a mix:
 * most follow one to five companies (some a brand or a topic besides), the rest a brand alone or
 * a topic alone. With `unknownTopics`, one reader in fifty follows a topic no item has any longer.
 */
async function addVariedFollowers(
  testDb: TestDatabase,
  db: Kysely<DB>,
  count: number,
  unknownTopics: boolean,
): Promise<void> {
  await addFollowers(testDb, count, [{ kind: "company", item: String(COMPANIES[0]!.id) }]);
  const rnd = random(7);
  const brands = [...followableBrands(COMPANIES).keys()];
  const topics = TAGS.map(topicSlug);
  const ids = await db
    .selectFrom("newsletter_subscribers")
    .select("id")
    .where("digest", "=", "on")
    .orderBy("id")
    .execute();
  const now = new Date().toISOString();
  const follows = ids.flatMap(({ id }) => {
    const mix = rnd.next();
    const items: Array<{ kind: FollowKind; item: string }> = [];
    if (unknownTopics && mix < 0.02) items.push({ kind: "topic", item: "absinthe" });
    else if (mix < 0.15) items.push({ kind: "brand", item: rnd.pick(brands) });
    else if (mix < 0.3) items.push({ kind: "topic", item: rnd.pick(topics) });
    else {
      const companies = new Set<number>();
      for (let n = 1 + rnd.int(5); companies.size < n;) companies.add(rnd.pick(COMPANIES).id);
      items.push(...[...companies].map((c) => ({ kind: "company" as const, item: String(c) })));
      if (rnd.next() < 0.2) items.push({ kind: "brand", item: rnd.pick(brands) });
      if (rnd.next() < 0.2) items.push({ kind: "topic", item: rnd.pick(topics) });
    }
    return items.map((f) => ({ subscriber_id: id, ...f, created_at: now }));
  });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("reader_follows").execute();
    for (let i = 0; i < follows.length; i += 500)
      await trx
        .insertInto("reader_follows")
        .values(follows.slice(i, i + 500))
        .execute();
  });
}

// ---- 1. Composing ----

interface Content {
  recaps: number;
  episodes: number;
  followers: number;
  /** The sending week's: every company named, no reader following a topic no item has (every digest has something). */
  full: boolean;
}

async function compose(engine: Engine, content: Content): Promise<Record<string, string | number>> {
  const testDb = await freshDatabase(engine);
  let database: Database | undefined;
  try {
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    const db = database.db;
    await migrateToLatest(db);
    const now = Date.now();
    const setUp = performance.now();
    await addWeek(db, content, now, content.full);
    await addVariedFollowers(testDb, db, content.followers, !content.full);
    const setUpSeconds = (performance.now() - setUp) / 1000;
    const readers = await db
      .selectFrom("newsletter_subscribers")
      .select(["id", "unsubscribe_key"])
      .where("digest", "=", "on")
      .orderBy("id")
      .execute();
    const until = new Date(now).toISOString();
    const since = new Date(now - WEEK_MS).toISOString();
    const title = `Your weekly digest, ${until.slice(0, 10)}`;

    const before = process.memoryUsage().rss;
    let peak = before;
    const started = performance.now();
    const window = await readDigestWindow(db, since, until);
    const topics = await listTopics(db);
    const windowSeconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    let nonEmpty = 0;
    let bytes = 0;
    const composing = performance.now();
    let composed = 0;
    for (const reader of readers) {
      const made = await digestFor(db, COMPANIES, SITE, reader, window, title, { withRecaps: true, topics });
      if (made) {
        nonEmpty++;
        bytes += made.html.length + made.text.length;
      }
      if (++composed % 20 === 0) {
        peak = Math.max(peak, process.memoryUsage().rss);
        // The readers' follows are in no order, so those reached are a fair sample of all.
        if (performance.now() - composing > COMPOSE_SECONDS * 1000) break;
      }
    }
    const composeSeconds = (performance.now() - composing) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      engine,
      recaps: window.recaps.length,
      episodes: window.episodes.length,
      readers: readers.length,
      composed,
      "set-up (s)": round1(setUpSeconds),
      "window + topics (s)": +windowSeconds.toFixed(2),
      "digests (s)": round1(composeSeconds),
      "digests/s": Math.round(composed / composeSeconds),
      "non-empty": nonEmpty,
      "mean digest (KB)": nonEmpty ? Math.round(bytes / nonEmpty / 1024) : 0,
      "RSS before (MB)": mb(before),
      "RSS peak (MB)": mb(peak),
      "RSS after (MB)": mb(process.memoryUsage().rss),
    };
  } finally {
    await database?.close();
    await testDb.drop();
  }
}

// ---- 2. Sending ----

type Mail = "digest" | "newsletter" | "newsletter, digest's size";

/** The benchmark recap's words: ordinary prose, `repeats` sentences long. */
const recapWords = (repeats: number) => "A recap of ordinary length. ".repeat(repeats);
const RECAP_REPEATS = 120;

/**
 * How many sentences make the newsletter as long on the wire as `bytes`, from one sent with
 * RECAP_REPEATS of them (`sentBytes`): each sentence is in both parts, the HTML and the plain text,
 * and quoted-printable adds a soft line break every 73 characters of it.
 */
function repeatsFor(bytes: number, sentBytes: number): number {
  const perSentence = (2 * recapWords(1).length * 76) / 73;
  return Math.max(1, Math.round(RECAP_REPEATS + (bytes - sentBytes) / perSentence));
}

/**
 * Until the sink has every digest; should some have been skipped after all (nothing new), until
 * the run has none left to send and the sink has those it sent.
 */
async function waitForRun(sink: SmtpSink, url: string, runId: number, count: number): Promise<void> {
  for (const giveUp = Date.now() + 600_000; Date.now() < giveUp;) {
    try {
      return await sink.waitFor(count, 2000);
    } catch {
      const res = await fetch(`${url}/api/admin/digest/${runId}`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      const { counts } = (await res.json()) as { counts: Record<"queued" | "sending" | "sent", number> };
      if (counts.queued + counts.sending === 0) return await sink.waitFor(counts.sent, 30_000);
    }
  }
  throw new Error(`the digest run ${runId} did not end in ten minutes`);
}

async function send(engine: Engine, mail: Mail, repeats = RECAP_REPEATS): Promise<Record<string, string | number>> {
  // Undone last first, whatever happens: the server, then its database, then the SMTP server.
  const undo: Array<() => Promise<unknown>> = [];
  try {
    const sink = await startSmtpSink({ parse: false });
    undo.push(() => sink.stop());
    const testDb = await freshDatabase(engine);
    undo.push(() => testDb.drop());
    const server = await startServer({
      ...sendingSiteEnv(testDb, sink.url, TOKEN, 10_000),
      DIGEST_AUTO_SEND: "false",
    });
    undo.push(() => server.stop());
    server.process.stdout!.removeAllListeners("data");
    server.process.stdout!.resume();
    const pid = server.process.pid!;
    const count = SEND.followers;
    if (mail === "digest") {
      const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
      try {
        // Every company named somewhere and no reader following a topic no item has: every digest has something new.
        await addWeek(database.db, SEND, Date.now(), true);
        await addVariedFollowers(testDb, database.db, count, false);
      } finally {
        await database.close();
      }
    } else await addConfirmedSubscribers(testDb, count);
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    undo.push(async () => clearInterval(sampler));
    const started = performance.now();
    if (mail === "digest") await waitForRun(sink, server.url, await sendDigestNow(server.url, TOKEN), count);
    else {
      await publishTodaysRecap(server.url, TOKEN, "The benchmark recap", recapWords(repeats));
      await sink.waitFor(count, 600_000);
    }
    const seconds = (performance.now() - started) / 1000;
    const messages = sink.received.length;
    clearInterval(sampler);
    // The sender records a message as sent just after the SMTP server took it: the last few a moment later.
    let counts: Record<string, number> = {};
    for (const giveUp = Date.now() + 5000; (counts.sent ?? 0) < messages && Date.now() < giveUp; await pause(100))
      counts = mail === "digest" ? await digestCounts(testDb) : await deliveryCounts(testDb);
    return {
      engine,
      mail,
      content: mail === "digest" ? `${SEND.recaps} recaps, ${SEND.episodes} episodes` : `1 recap, ${repeats} sentences`,
      messages,
      "mean message (KB)": round1(sink.bytes / messages / 1024),
      seconds: round1(seconds),
      "messages/s": Math.round(messages / seconds),
      "sent (database)": counts.sent ?? 0,
      "skipped (database)": counts.skipped ?? 0,
      "RSS before (MB)": round1(before),
      "RSS peak (MB)": round1(peak),
      "RSS after (MB)": round1(rssMb(pid)),
    };
  } finally {
    for (const step of undo.reverse()) await step();
  }
}

const benchStarted = performance.now();
const composeRows: Array<Record<string, string | number>> = [];
const sendRows: Array<Record<string, string | number>> = [];
for (const engine of ENGINES) {
  if (PARTS.includes("compose")) {
    composeRows.push(await compose(engine, COMPOSE));
    // The sending week below, composed alone: how much of a digest's sending is its making.
    composeRows.push(await compose(engine, { ...SEND, followers: COMPOSE.followers }));
  }
  if (PARTS.includes("send")) {
    const digest = await send(engine, "digest");
    const newsletter = await send(engine, "newsletter");
    // The same newsletter grown to the digest's mean size: how much of the difference is the bytes.
    const kb = (row: Record<string, string | number>) => Number(row["mean message (KB)"]) * 1024;
    const sized = await send(engine, "newsletter, digest's size", repeatsFor(kb(digest), kb(newsletter)));
    sendRows.push(digest, newsletter, sized);
  }
}
if (composeRows.length) {
  console.log(
    `Composing ${COMPOSE.followers} digests over a week of ${COMPOSE.recaps} recaps and ${COMPOSE.episodes} episodes (and over the sending week below), in one process, no SMTP (goal: 200 digests/s; each stops after ${COMPOSE_SECONDS} s of composing, so "composed" may be short of "readers"):`,
  );
  console.table(composeRows);
}
if (sendRows.length) {
  console.log(
    `Sending to ${SEND.followers} readers${SEND.followers < 10_000 ? " (not 10,000, which takes the bench past ten minutes here: SEND_FOLLOWERS=10000)" : ""}: the digest (a week of ${SEND.recaps} recaps and ${SEND.episodes} episodes) beside the newsletter, local SMTP server, one instance (2 cores shared with the SMTP server and this script):`,
  );
  console.table(sendRows);
}
console.log(`Bench took ${Math.round((performance.now() - benchStarted) / 1000)} s.`);

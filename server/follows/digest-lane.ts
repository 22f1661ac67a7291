// The digests' place in the newsletter's sending lanes (issue 42): claims the next digest due, makes
// it (the run's new recaps and episodes are read once per run, then each reader's digest is composed
// in memory), and sets aside a digest with nothing new instead of sending it.
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Company } from "../content/companies.server.ts";
import type { EmailSite } from "../newsletter/recap-email.ts";
import { skipClaimed } from "../newsletter/send-queue.server.ts";
import type { ExtraQueue } from "../newsletter/sender.ts";
import { listTopics, type Topic } from "../search/topics.server.ts";
import { readDigestWindow, readRecapWindow, type DigestWindow } from "./digest-compose.ts";
import { digestFor } from "./digest-preview.ts";
import { followLinkKey } from "./follow-links.server.ts";
import {
  claimDigestDelivery,
  expandDigestRuns,
  queueDueDigest,
  queueRecapAlerts,
  type ClaimedDigest,
} from "./digest-queue.ts";
import type { DigestSchedule } from "./digest-schedule.ts";

/** Runs whose material is kept in memory: a week's run and a few recaps' alerts at most are in flight. */
const KEPT_RUNS = 8;
const TIDY_MS = 1000;

export function digestQueue(
  db: Kysely<DB>,
  site: EmailSite,
  companies: readonly Company[],
  schedule: DigestSchedule | undefined,
): ExtraQueue {
  const runs = new Map<number, Promise<{ window: DigestWindow; topics: Topic[] }>>();
  const messageIdHost = new URL(site.siteUrl).hostname;
  let lastTidy = 0;
  // The site's signing key never changes once made: read once, not for every message.
  let linkKey: Promise<string> | undefined;

  function material(g: ClaimedDigest) {
    let run = runs.get(g.runId);
    if (!run) {
      run = Promise.all([
        g.kind === "alert" && g.recapId !== null
          ? readRecapWindow(db, g.recapId, g.until)
          : readDigestWindow(db, g.since, g.until),
        listTopics(db),
      ]).then(([window, topics]) => ({ window, topics }));
      run.catch(() => runs.delete(g.runId));
      runs.set(g.runId, run);
      if (runs.size > KEPT_RUNS) runs.delete(runs.keys().next().value!);
    }
    return run;
  }

  return {
    table: "digest_deliveries",
    async claim(owner, leaseMs) {
      const g = await claimDigestDelivery(db, owner, leaseMs);
      if (!g) return undefined;
      const { window, topics } = await material(g);
      const title = g.kind === "alert" ? "New in the recap" : `Your weekly digest, ${g.until.slice(0, 10)}`;
      // A reader who asks for alerts had each recap's paragraphs already: the week brings the podcast's moments.
      const made = await digestFor(
        db,
        companies,
        site,
        { id: g.subscriberId, unsubscribe_key: g.unsubscribeKey },
        window,
        title,
        {
          withRecaps: g.kind === "alert" || g.cadence === "weekly",
          topics,
          linkKey: await (linkKey ??= followLinkKey(db)),
          follows: g.follows,
        },
      );
      if (!made) {
        await skipClaimed(db, "digest_deliveries", g.id, "nothing new");
        return "skipped";
      }
      return {
        id: g.id,
        subscriberId: g.subscriberId,
        attempts: g.attempts,
        mail: { to: g.email, ...made, messageId: `<digest-${g.runId}.${g.subscriberId}@${messageIdHost}>` },
      };
    },
    async tidy() {
      // Lane 0 calls this between messages: looked at every second at most, so a run of thousands pays nothing for it.
      if (Date.now() - lastTidy < TIDY_MS) return;
      lastTidy = Date.now();
      if (schedule) await queueDueDigest(db, schedule);
      await queueRecapAlerts(db);
      await expandDigestRuns(db);
    },
  };
}

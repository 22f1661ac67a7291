import { hostname } from "node:os";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { NewsletterPolicy } from "../newsletter/auto-send.server.ts";
import { publishDue, type Publication } from "./publish.server.ts";

/**
 * Every instance runs this loop; the database decides who publishes each due
 * item (see publish.server.ts), so an item goes live once, on time, whichever
 * instances are up. It looks at start too: what fell due while no instance ran
 * goes out as soon as one starts.
 */
export function startScheduler(
  db: Kysely<DB>,
  logger: Logger,
  pollSeconds: number,
  newsletter?: NewsletterPolicy,
  onPublished?: (p: Publication) => void,
): () => Promise<void> {
  const by = `schedule:${hostname()}:${process.pid}`;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  async function pass(): Promise<void> {
    try {
      // A full batch means there may be more waiting: go again at once.
      for (let more = true; more && !stopped;) {
        const published = await publishDue(db, by, new Date(), newsletter);
        for (const p of published) {
          logger.info({ kind: p.kind, id: p.itemId, draft: p.draftId }, "scheduled item published");
          onPublished?.(p);
        }
        more = published.length >= 20;
      }
    } catch (err) {
      logger.error({ err }, "scheduled publishing failed; will try again");
    }
  }

  const tick = () => {
    running = pass().finally(() => {
      if (!stopped) timer = setTimeout(tick, pollSeconds * 1000);
    });
  };
  tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

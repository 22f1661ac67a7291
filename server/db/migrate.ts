import type { Kysely } from "kysely";
import { Migrator, type Migration, type MigrationResultSet } from "kysely/migration";
import * as initial from "./migrations/2026-11-21T0900-initial.ts";
import * as episodeExternalKey from "./migrations/2026-11-21T1200-episode-external-key.ts";
import * as chatJobs from "./migrations/2026-11-21T1500-chat-jobs.ts";
import * as contentVersion from "./migrations/2026-11-21T1800-content-version.ts";
import * as searchAndPaging from "./migrations/2026-11-22T1000-search-and-paging.ts";
import * as chatConversations from "./migrations/2026-11-22T2200-chat-conversations.ts";
import * as episodeTranscripts from "./migrations/2026-11-22T2300-episode-transcripts.ts";
import * as editorsDesk from "./migrations/2026-11-23T0100-editors-desk.ts";
import * as newsletter from "./migrations/2026-11-23T0900-newsletter.ts";
import * as confirmationQueue from "./migrations/2026-11-24T1200-confirmation-queue.ts";
import * as chatSharesAndFeedback from "./migrations/2026-11-25T0900-chat-shares-and-feedback.ts";
import * as siteSearch from "./migrations/2026-11-26T0900-site-search.ts";
import * as episodeTags from "./migrations/2026-11-27T0900-episode-tags.ts";
import * as audience from "./migrations/2026-11-28T0900-audience.ts";
import * as audienceLimits from "./migrations/2026-11-29T0900-audience-limits.ts";
import * as keptAnswers from "./migrations/2026-11-30T0900-kept-answers.ts";
import * as sampleFlag from "./migrations/2026-12-01T0900-sample-flag.ts";
import * as marketData from "./migrations/2026-12-02T0900-market-data.ts";
import * as labelApprovals from "./migrations/2026-12-03T0900-label-approvals.ts";
import * as secFilings from "./migrations/2026-12-04T0900-sec-filings.ts";
import * as follows from "./migrations/2026-12-05T0900-follows.ts";

// A static list rather than a folder scan, so the same migrations run from the
// bundled server and from scripts, with no file-system lookups at start.
const migrations: Record<string, Migration> = {
  "2026-11-21T0900-initial": initial,
  "2026-11-21T1200-episode-external-key": episodeExternalKey,
  "2026-11-21T1500-chat-jobs": chatJobs,
  "2026-11-21T1800-content-version": contentVersion,
  "2026-11-22T1000-search-and-paging": searchAndPaging,
  "2026-11-22T2200-chat-conversations": chatConversations,
  "2026-11-22T2300-episode-transcripts": episodeTranscripts,
  "2026-11-23T0100-editors-desk": editorsDesk,
  "2026-11-23T0900-newsletter": newsletter,
  "2026-11-24T1200-confirmation-queue": confirmationQueue,
  "2026-11-25T0900-chat-shares-and-feedback": chatSharesAndFeedback,
  "2026-11-26T0900-site-search": siteSearch,
  "2026-11-27T0900-episode-tags": episodeTags,
  "2026-11-28T0900-audience": audience,
  "2026-11-29T0900-audience-limits": audienceLimits,
  "2026-11-30T0900-kept-answers": keptAnswers,
  "2026-12-01T0900-sample-flag": sampleFlag,
  "2026-12-02T0900-market-data": marketData,
  "2026-12-03T0900-label-approvals": labelApprovals,
  "2026-12-04T0900-sec-filings": secFilings,
  "2026-12-05T0900-follows": follows,
};

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error");
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${cause}`);
  }
  return (result.results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Migrates up to and including `name`: for a test of what a later migration does to rows made before it. */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateTo(name);
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
}

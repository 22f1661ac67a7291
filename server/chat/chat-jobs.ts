import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ChatJobStatus, ChatJobsTable, DB } from "../db/schema.ts";
import { DEEP_RESEARCH_TIMEOUT_MS } from "./chat-contract.ts";

export type ChatJob = Omit<ChatJobsTable, "client_address">;

// A run still "running" well past its deadline belonged to a server that stopped: it has timed out.
const ABANDONED_AFTER_MS = DEEP_RESEARCH_TIMEOUT_MS + 60_000;

export async function startJob(
  db: Kysely<DB>,
  input: { conversation: string; message: string; clientAddress: string | null },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("chat_jobs")
    .values({
      id,
      conversation: input.conversation,
      message: input.message,
      status: "running",
      client_address: input.clientAddress,
      started_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

export async function finishJob(
  db: Kysely<DB>,
  id: string,
  result: {
    status: Exclude<ChatJobStatus, "running">;
    output?: string | null;
    errorStatus?: number | null;
    /** The kept answer the run gave (chat_answers), so a reloaded page can share or judge it. */
    answerId?: string | undefined;
  },
): Promise<void> {
  await db
    .updateTable("chat_jobs")
    .set({
      status: result.status,
      output: result.output ?? null,
      error_status: result.errorStatus ?? null,
      answer_id: result.answerId ?? null,
      finished_at: new Date().toISOString(),
    })
    .where("id", "=", id)
    .where("status", "=", "running")
    .execute();
}

/** The conversation's latest deep-research run, from any instance of the server. */
export async function latestJob(db: Kysely<DB>, conversation: string, now = Date.now()): Promise<ChatJob | undefined> {
  const job = await db
    .selectFrom("chat_jobs")
    .select([
      "id",
      "conversation",
      "message",
      "status",
      "output",
      "error_status",
      "started_at",
      "finished_at",
      "answer_id",
    ])
    .where("conversation", "=", conversation)
    .orderBy("started_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (job?.status === "running" && now - new Date(job.started_at).getTime() > ABANDONED_AFTER_MS) {
    await finishJob(db, job.id, { status: "timed_out" });
    return { ...job, status: "timed_out", finished_at: new Date(now).toISOString() };
  }
  return job;
}

/** Deep-research runs still going (started within the deadline), for one address and in all. */
export async function runningJobs(
  db: Kysely<DB>,
  clientAddress: string,
  now = Date.now(),
): Promise<{ forAddress: number; total: number }> {
  const since = new Date(now - ABANDONED_AFTER_MS).toISOString();
  const rows = await db
    .selectFrom("chat_jobs")
    .select("client_address")
    .where("status", "=", "running")
    .where("started_at", ">", since)
    .execute();
  return { forAddress: rows.filter((r) => r.client_address === clientAddress).length, total: rows.length };
}

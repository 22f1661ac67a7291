import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { numberCitations } from "#common/chat/citation-numbers.ts";
import { ANSWER_KEEP_DAYS, ANSWER_MAX, type AnswerProvider } from "#common/chat/kept-answers.ts";
import type { DB } from "../db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** An answer as the server gave it: what a share publishes and a verdict judges. */
export interface KeptAnswer {
  id: string;
  conversation: string;
  question: string;
  answer: string;
  sources: Array<{ href: string; label: string }>;
  provider: AnswerProvider;
  askedAt: string;
  answeredAt: string;
}

export interface AnswerGiven {
  conversation: string;
  question: string;
  answer: string;
  provider: AnswerProvider;
  askedAt: Date;
}

const cutoff = (now: Date) => new Date(now.getTime() - ANSWER_KEEP_DAYS * DAY_MS).toISOString();

/**
 * The server's own record of what it answered (issue 37), kept ANSWER_KEEP_DAYS:
 * the only words a share may publish and a verdict may judge. Nothing about the
 * asker is kept but the conversation's random uuid.
 */
export class KeptAnswers {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Keeps an answer and returns its id; an empty answer, or one longer than ANSWER_MAX, is not kept. */
  async keep(given: AnswerGiven, now = new Date()): Promise<string | undefined> {
    if (!given.answer.trim() || given.answer.length > ANSWER_MAX) return undefined;
    const id = randomBytes(16).toString("base64url");
    const sources = numberCitations(given.answer).citations.map(({ href, label }) => ({ href, label }));
    await this.db
      .insertInto("chat_answers")
      .values({
        id,
        conversation: given.conversation,
        question: given.question,
        answer: given.answer,
        sources: JSON.stringify(sources),
        provider: given.provider,
        asked_at: given.askedAt.toISOString(),
        answered_at: now.toISOString(),
      })
      .execute();
    // Answers past their time go as new ones come (the index on answered_at finds them).
    await this.db.deleteFrom("chat_answers").where("answered_at", "<", cutoff(now)).execute();
    return id;
  }

  /** The answers among `ids` the server gave and still keeps, oldest first. */
  async find(ids: readonly string[], now = new Date()): Promise<KeptAnswer[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom("chat_answers")
      .selectAll()
      .where("id", "in", ids)
      .where("answered_at", ">=", cutoff(now))
      .orderBy("answered_at")
      .orderBy("id")
      .execute();
    return rows.map((r) => ({
      id: r.id,
      conversation: r.conversation,
      question: r.question,
      answer: r.answer,
      sources: JSON.parse(r.sources) as KeptAnswer["sources"],
      provider: r.provider,
      askedAt: new Date(r.asked_at).toISOString(),
      answeredAt: new Date(r.answered_at).toISOString(),
    }));
  }
}

import { sql, type Kysely } from "kysely";
import { z } from "zod";
import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_RATINGS,
  type FeedbackEntry,
  type FeedbackRating,
} from "#common/chat/answer-feedback.ts";
import { ANSWER_ID } from "#common/chat/kept-answers.ts";
import type { DB } from "../db/schema.ts";
import { KeptAnswers } from "./kept-answers.ts";

/**
 * What the chat page sends under an answer: the id the server gave the answer,
 * the verdict and an optional word. The question, the answer and who answered
 * come from the server's own copy (chat_answers), so a request carrying them is refused.
 */
const FEEDBACK_FIELDS = new Set(["answerId", "rating", "comment"]);
export const feedbackRequestSchema = z
  .looseObject({}, { message: "The body must be a JSON object with answerId and rating" })
  // Said first, so a replay of what the page sent before (the question and answer) hears why it is refused.
  .refine((body) => Object.keys(body).every((key) => FEEDBACK_FIELDS.has(key)), {
    message: "A verdict names the hub's answer by its id (answerId): it takes no question or answer",
  })
  .pipe(
    z.object({
      answerId: z
        .string({ message: "answerId is required" })
        .regex(ANSWER_ID, "answerId must be the id the hub gave the answer"),
      rating: z.enum(FEEDBACK_RATINGS, { message: 'rating must be "up" or "down"' }),
      comment: z
        .string({ message: "comment must be text" })
        .trim()
        .max(FEEDBACK_COMMENT_MAX, `comment must be at most ${FEEDBACK_COMMENT_MAX} characters`)
        .optional(),
    }),
  );
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export interface FeedbackPage {
  entries: FeedbackEntry[];
  total: number;
  counts: Record<FeedbackRating, number>;
}

/** Readers' verdicts on answers. */
export class FeedbackStore {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /**
   * Records a verdict on an answer the server gave and keeps, with its question,
   * words and provider as the server kept them: "unknown" when it gave no such
   * answer (or no longer keeps it), "judged" when the answer already has its verdict.
   */
  async record(feedback: FeedbackRequest, now = new Date()): Promise<"recorded" | "unknown" | "judged"> {
    const [answer] = await new KeptAnswers(this.db).find([feedback.answerId], now);
    if (!answer) return "unknown";
    // One verdict per answer, held by the unique index on answer_id, so two sent at once record one.
    const inserted = await this.db
      .insertInto("chat_feedback")
      .values({
        rating: feedback.rating,
        comment: feedback.comment || null,
        question: answer.question,
        answer: answer.answer,
        provider: answer.provider,
        answer_id: answer.id,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("answer_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    return inserted ? "recorded" : "judged";
  }

  /**
   * Worst first: every "not helpful" before any "helpful", those with a word
   * before those without (a reader who says what was missing says the most),
   * newest first within each. Numbered pages, as the desk's other lists.
   */
  async list(options: { rating?: FeedbackRating | undefined; page: number; perPage: number }): Promise<FeedbackPage> {
    let query = this.db.selectFrom("chat_feedback");
    if (options.rating) query = query.where("rating", "=", options.rating);
    const rows = await query
      .selectAll()
      .orderBy(sql`case when rating = 'down' then 0 else 1 end`)
      .orderBy(sql`case when comment is null then 1 else 0 end`)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute();
    const tallies = await this.db
      .selectFrom("chat_feedback")
      .select(["rating", (eb) => eb.fn.countAll<string | number>().as("n")])
      .groupBy("rating")
      .execute();
    const counts = { up: 0, down: 0 };
    for (const t of tallies) counts[t.rating] = Number(t.n);
    return {
      entries: rows.map((r) => ({
        id: r.id,
        rating: r.rating,
        comment: r.comment,
        question: r.question,
        answer: r.answer,
        provider: r.provider,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      total: options.rating ? counts[options.rating] : counts.up + counts.down,
      counts,
    };
  }
}

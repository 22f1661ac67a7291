import { sql, type Kysely } from "kysely";
import { z } from "zod";
import {
  FEEDBACK_ANSWER_MAX,
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_RATINGS,
  type FeedbackEntry,
  type FeedbackRating,
} from "#common/chat/answer-feedback.ts";
import type { DB } from "../db/schema.ts";

export const feedbackRequestSchema = z.object(
  {
    rating: z.enum(FEEDBACK_RATINGS, { message: 'rating must be "up" or "down"' }),
    comment: z
      .string({ message: "comment must be text" })
      .trim()
      .max(FEEDBACK_COMMENT_MAX, `comment must be at most ${FEEDBACK_COMMENT_MAX} characters`)
      .optional(),
    question: z
      .string({ message: "question is required" })
      .trim()
      .min(1, "question is required")
      .max(4000, "question must be at most 4000 characters"),
    answer: z
      .string({ message: "answer is required" })
      .trim()
      .min(1, "answer is required")
      .max(FEEDBACK_ANSWER_MAX, `answer must be at most ${FEEDBACK_ANSWER_MAX} characters`),
  },
  { message: "The body must be a JSON object with rating, question and answer" },
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

  async record(feedback: FeedbackRequest, provider: string, now = new Date()): Promise<void> {
    await this.db
      .insertInto("chat_feedback")
      .values({
        rating: feedback.rating,
        comment: feedback.comment || null,
        question: feedback.question,
        answer: feedback.answer,
        provider,
        created_at: now.toISOString(),
      })
      .execute();
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

// A reader's verdict on one answer (thumbs up or down, with an optional word),
// as the chat page sends it and the desk lists it.

export const FEEDBACK_RATINGS = ["up", "down"] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
/** The optional word a reader adds. */
export const FEEDBACK_COMMENT_MAX = 500;

export interface FeedbackEntry {
  id: number;
  rating: FeedbackRating;
  comment: string | null;
  question: string;
  answer: string;
  /** Which provider gave the answer (kept with it): builtin, llm or webhook. */
  provider: string;
  createdAt: string;
}

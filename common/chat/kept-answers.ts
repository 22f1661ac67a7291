// The answers the server gives, as it keeps them (issue 37): a shared
// conversation and a reader's verdict name the answers they are about by id,
// and the server takes the words from its own copy, never from the browser.

/**
 * How long the server keeps an answer, and so how long it can be shared or
 * judged: the chat page keeps its conversation only while its tab is open, and
 * the conversation's context is forgotten after a week without a question.
 */
export const ANSWER_KEEP_DAYS = 7;

/**
 * The longest answer kept, in characters. The built-in analyst's longest is
 * about 12,800 (a deep-research report, over the 524 questions of
 * bench/chat-eval); a longer reply from a webhook or an LLM is shown but cannot
 * be shared or judged.
 */
export const ANSWER_MAX = 20_000;

/** An answer's id: 128 random bits in base64url, 22 characters. */
export const ANSWER_ID = /^[A-Za-z0-9_-]{22}$/;

/** Who answered: the operator's webhook, an LLM, or the built-in analyst. */
export type AnswerProvider = "webhook" | "llm" | "builtin";

// The router of the built-in analyst (docs/analyst.md): a turn read into a Query goes to the first
// intent that takes it. An intent that finds nothing to say after gathering its evidence (a podcast
// question with no episode in its period) passes the turn on.
import type { AnalystReply, AnswerContext, AnswerIntent } from "./answer/answer-context.ts";
import { EMPTY_CONTEXT, type ConversationContext } from "./conversation-context.ts";
import type { HubIndex } from "./hub-index.ts";
import { brandOwnerIntent } from "./intents/brand-owner/brand-owner-intent.ts";
import { brandRankingIntent } from "./intents/brand-ranking/brand-ranking-intent.ts";
import { compareIntent } from "./intents/compare/compare-intent.ts";
import { factIntent, sideBySideIntent } from "./intents/fact/fact-intent.ts";
import { carriersIntent } from "./intents/carriers/carriers-intent.ts";
import { noCoverageIntent } from "./intents/no-coverage/no-coverage-intent.ts";
import { placeIntent } from "./intents/place/place-intent.ts";
import { podcastListIntent } from "./intents/podcast-list/podcast-list-intent.ts";
import { publishedIntent } from "./intents/published/published-intent.ts";
import { rankingIntent } from "./intents/ranking/ranking-intent.ts";
import { reportIntent } from "./intents/report/report-intent.ts";
import { topicIntent } from "./intents/topic/topic-intent.ts";
import { parse, type Parsed } from "./query.ts";

export { readTurn } from "./read-turn.ts";
export type { AnalystReply } from "./answer/answer-context.ts";

/** In the order they are asked; the last two take every turn, short and deep. */
export const ANSWER_INTENTS: readonly AnswerIntent[] = [
  brandOwnerIntent,
  placeIntent,
  carriersIntent,
  rankingIntent,
  factIntent,
  sideBySideIntent,
  brandRankingIntent,
  podcastListIntent,
  compareIntent,
  publishedIntent,
  noCoverageIntent,
  reportIntent,
  topicIntent,
];

/** A turn read, with what its answer needs: the index, the clock and what it is about. */
export function answerContext(
  index: HubIndex,
  question: string,
  deep: boolean,
  options: { context?: ConversationContext; now?: Date; parsed?: Parsed } = {},
): AnswerContext {
  const now = options.now ?? new Date();
  // A caller that has read the turn already (the provider, to route it) passes its reading.
  const parsed =
    options.parsed ?? parse(index, question, options.context ?? EMPTY_CONTEXT, { now, deep, market: false });
  const { turn } = parsed;
  return {
    ...parsed,
    index,
    question,
    deep,
    now,
    about: {
      companies: turn.subjects.map((c) => c.id),
      intents: turn.intents,
      ...(turn.brands.length ? { topic: turn.brands.join(" ") } : {}),
    },
  };
}

/** The first intent that takes the turn and has an answer, with its answer. */
export function route(context: AnswerContext): { intent: AnswerIntent; reply: AnalystReply } {
  for (const intent of ANSWER_INTENTS) {
    const reply = intent.takes(context) ? intent.answer(context) : undefined;
    if (reply) return { intent, reply };
  }
  throw new Error("No intent took the turn"); // the topic and report intents take every turn
}

/**
 * The embedded analyst: answers questions about the Top Players from their data, and everything
 * else from the hub's own recaps, company profiles and episodes, in markdown that links every point
 * to its source. Deep research retrieves more and writes a longer, sectioned report.
 */
export function analystAnswer(
  index: HubIndex,
  question: string,
  deep: boolean,
  options: { context?: ConversationContext; now?: Date; parsed?: Parsed } = {},
): AnalystReply {
  return route(answerContext(index, question, deep, options)).reply;
}

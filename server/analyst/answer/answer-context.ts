// What every intent of the analyst is given (a turn read into a Query, and the index to answer it
// from) and what it gives back.
import type { ConversationContext } from "../conversation-context.ts";
import type { HubIndex } from "../hub-index.ts";
import type { Parsed } from "../query.ts";

export interface AnswerContext extends Parsed {
  index: HubIndex;
  /** The question as asked (an answer's heading quotes it). */
  question: string;
  deep: boolean;
  now: Date;
  /** What the turn is about, for the next one: the companies, the facts and brands asked. */
  about: AnalystReply["about"];
}

export interface AnalystReply {
  markdown: string;
  /** What this turn was about, for the next one. */
  about: Pick<ConversationContext, "companies" | "intents" | "topic">;
  /** Set when the hub has no coverage of the question ("No coverage yet"). */
  uncovered?: true;
}

/**
 * One kind of answer: which turns it takes, and its answer to one (undefined when, its evidence
 * gathered, it has nothing to say after all and the next intent is asked).
 */
export interface AnswerIntent {
  name: string;
  takes(context: AnswerContext): boolean;
  answer(context: AnswerContext): AnalystReply | undefined;
}

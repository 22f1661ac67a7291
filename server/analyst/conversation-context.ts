// What the analyst carries from one turn of a conversation to the next; the chat keeps it per uuid.
import { z } from "zod";
import { FACT_INTENTS } from "./company-facts.ts";
import { marketQuerySchema } from "./intents/market-data/market-query.ts";

/** What the last turns were about: enough to resolve "their", "what about X?", and to give an LLM the history. */
export const conversationContextSchema = z.object({
  companies: z.array(z.number().int()).max(10),
  intents: z.array(z.enum(FACT_INTENTS)).max(FACT_INTENTS.length),
  /** The last turn's topic, in its words, when it asked about one: "any podcast on that?" searches it again. */
  topic: z.string().max(500).optional(),
  /** The last turn's question on the market figures, read: "and rum?" asks it again of rum. */
  market: marketQuerySchema.optional(),
  /** The last turn asked for a company's label approvals: "and Heaven Hill?" asks them of Heaven Hill. */
  labels: z.literal(true).optional(),
  /** The last turn's question on the import figures, read: "and Ireland?" asks it again of Ireland. */
  imports: z
    .object({
      code: z
        .string()
        .regex(/^2208\d0$/)
        .optional(),
      country: z.string().max(80).optional(),
      year: z.number().int().min(1900).max(2100).optional(),
    })
    .optional(),
  /** The last turn asked for a listed company's filed figures: "and Constellation?" asks them of Constellation. */
  filings: z.literal(true).optional(),
  /** The last few turns, shortened, for providers that take a conversation (the LLM). */
  history: z.array(z.object({ role: z.enum(["user", "assistant"]), content: z.string() })).max(12),
});
export type ConversationContext = z.infer<typeof conversationContextSchema>;

export const EMPTY_CONTEXT: ConversationContext = { companies: [], intents: [], history: [] };

const HISTORY_TURNS = 6;
const TURN_CHARS = 2000;

/** The context after one more exchange: the analyst's reading of it, and the turn added to the history. */
export function nextContext(
  before: ConversationContext,
  about: Pick<ConversationContext, "companies" | "intents" | "topic" | "market" | "labels" | "filings" | "imports">,
  question: string,
  answer: string,
): ConversationContext {
  const cut = (s: string) => (s.length > TURN_CHARS ? `${s.slice(0, TURN_CHARS)}…` : s);
  const history = [
    ...before.history,
    { role: "user" as const, content: cut(question) },
    { role: "assistant" as const, content: cut(answer) },
  ].slice(-HISTORY_TURNS * 2);
  return { ...about, history };
}

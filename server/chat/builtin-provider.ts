import type { ChatProvider, ChatRequest, ProviderReply } from "./chat-contract.ts";
import type { CompanyCoverage } from "#common/search/company-coverage.ts";
import { analystAnswer, readTurn } from "./builtin-analyst.ts";
import { asksCoverage, coverageAnswer } from "./coverage-answer.ts";
import { nextContext, type ConversationStore } from "./conversation.ts";
import type { HubKnowledge } from "./hub-index.ts";
import { periodIn } from "./question-dates.ts";

/** A company's coverage on the hub, newest first, as many items as asked for (undefined for an unknown company). */
export type CoverageLookup = (companyId: number, limit: number) => Promise<CompanyCoverage | undefined>;

/** Enough of a company's coverage to answer for a period ("this year") from it. */
const COVERAGE_READ = 50;

/**
 * Provider 3, the default: the embedded analyst over the hub's own content, aware
 * of the conversation's earlier turns. A question about what the hub has said
 * about one company is answered from the coverage index the profiles show.
 */
export function builtinProvider(
  knowledge: HubKnowledge,
  conversations: ConversationStore,
  coverage?: CoverageLookup,
): ChatProvider {
  return {
    name: "builtin",
    async answer(request: ChatRequest): Promise<ProviderReply> {
      const context = await conversations.get(request.uuid);
      const index = await knowledge.get();
      const turn = readTurn(index, request.message, context);
      const company = turn.companies.length === 1 ? turn.companies[0] : undefined;
      const covered =
        company && coverage && asksCoverage(turn.text) ? await coverage(company.id, COVERAGE_READ) : undefined;
      const reply =
        company && covered
          ? {
              markdown: coverageAnswer(company, covered, periodIn(turn.text, new Date())),
              about: { companies: [company.id], intents: [] },
            }
          : analystAnswer(index, request.message, request.deepresearchStatus === "true", { context, turn });
      await conversations.set(request.uuid, nextContext(context, reply.about, request.message, reply.markdown));
      return { ok: true, output: reply.markdown };
    },
  };
}

import type { CompanyCoverage } from "#common/search/company-coverage.ts";
import { analystAnswer } from "./builtin-analyst.ts";
import type { ConversationContext } from "./conversation-context.ts";
import { coverageAnswer } from "./intents/coverage/coverage-answer.ts";
import type { HubIndex } from "./hub-index.ts";
import { labelsAnswer, type LabelsLookup } from "./intents/labels/labels-answer.ts";
import { importsAnswer, type ImportsLookup } from "./intents/imports/imports-answer.ts";
import { filingsAnswer, type FilingsLookup } from "./intents/filings/filings-answer.ts";
import { fold } from "#common/content/fold.ts";
import { marketDataIntent } from "./intents/market-data/market-data-intent.ts";
import type { MarketLookup } from "./intents/market-data/market-lookup.ts";
import { parse } from "./query.ts";

/** A company's coverage on the hub, newest first, as many items as asked for (undefined for an unknown company). */
export type CoverageLookup = (companyId: number, limit: number) => Promise<CompanyCoverage | undefined>;

/** Enough of a company's coverage to answer for a period ("this year") from it. */
const COVERAGE_READ = 50;

export interface BuiltinLookups {
  /** What the hub has said about one company (the profiles' coverage index). */
  coverage?: CoverageLookup;
  /** The market figures, read only for a turn the market-data intent takes. */
  market?: MarketLookup;
  /** One company's label approvals, read only for a turn that asks for them. */
  labels?: LabelsLookup;
  /** The import figures by country, read only for a turn that asks about imports. */
  imports?: ImportsLookup;
  /** A listed company's filed figures, read only for a turn that asks for them. */
  filings?: FilingsLookup;
}

export interface BuiltinReply {
  markdown: string;
  /** What this turn was about, for the next one. */
  about: Pick<ConversationContext, "companies" | "intents" | "topic" | "market" | "labels" | "filings" | "imports">;
}

/**
 * One turn of the built-in analyst, as the provider answers it (and the evaluation asks it): a
 * question about one company's coverage from the coverage index; a question on the market figures
 * from them (beside the hub's coverage when it only names a family); anything else from the hub's
 * recaps, profiles and episodes.
 */
export async function builtinAnswer(
  index: HubIndex,
  message: string,
  deep: boolean,
  options: BuiltinLookups & { context: ConversationContext; now?: Date },
): Promise<BuiltinReply> {
  const { context } = options;
  const now = options.now ?? new Date();
  const parsed = parse(index, message, context, {
    now,
    deep,
    market: Boolean(options.market),
    labels: Boolean(options.labels),
    imports: Boolean(options.imports),
    filings: Boolean(options.filings),
  });
  const { query, turn, take: read } = parsed;
  // The router: each intent by the query alone. A turn the coverage index or the figures cannot
  // answer after all (no coverage lookup, no figures imported) goes on to the hub's own content.
  const company = query.intent === "coverage" ? turn.companies[0] : undefined;
  const covered = company && options.coverage ? await options.coverage(company.id, COVERAGE_READ) : undefined;
  if (company && covered)
    return {
      markdown: coverageAnswer(company, covered, query.filters.period),
      about: { companies: [company.id], intents: [] },
    };

  // A company's label approvals, where the registry has been imported; else the hub's content answers.
  const filer = query.intent === "labels" ? turn.companies[0] : undefined;
  const approvals = filer && options.labels ? await options.labels(filer.id) : undefined;
  if (filer && approvals)
    return {
      markdown: labelsAnswer(filer, approvals),
      about: { companies: [filer.id], intents: [], labels: true },
    };

  // A listed company's figures as filed, where its filings have been imported; else its profile answers.
  const listed = query.intent === "filings" ? turn.companies[0] : undefined;
  const filed = listed && options.filings ? await options.filings(listed) : undefined;
  const filedAnswer = listed && filed ? filingsAnswer(listed, filed, fold(turn.text)) : undefined;
  if (listed && filedAnswer)
    return { markdown: filedAnswer, about: { companies: [listed.id], intents: [], filings: true } };

  const table = query.intent === "imports" && options.imports ? await options.imports() : undefined;
  if (table)
    return {
      ...importsAnswer(fold(turn.text), table, now, context.imports),
    };

  const figures = read && options.market ? await options.market() : undefined;
  const take = read && figures ? marketDataIntent.refine(read, figures) : undefined;
  if (take && figures) {
    // A topic, so "any podcast on that?" after a question on the figures searches the hub for it.
    const about = { companies: [], intents: [], topic: turn.text.slice(-500), market: take.query };
    if (take.route === "figures") return { markdown: marketDataIntent.answer(take.query, figures, deep), about };
    const reply = analystAnswer(index, message, deep, { context, now, parsed });
    return {
      markdown: marketDataIntent.beside(
        take,
        figures,
        { markdown: reply.markdown, uncovered: Boolean(reply.uncovered) },
        deep,
      ),
      about: reply.uncovered || take.route === "beside" ? { ...reply.about, market: take.query } : reply.about,
    };
  }
  return analystAnswer(index, message, deep, { context, now, parsed });
}

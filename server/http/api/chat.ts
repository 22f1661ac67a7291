import { Router } from "express";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { builtinProvider, type BuiltinLookups, type CoverageLookup } from "../../chat/builtin-provider.ts";
import { marketLookup, type MarketLookup } from "../../analyst/intents/market-data/market-lookup.ts";
import { COMPANIES } from "../../content/companies.server.ts";
import type { LabelsLookup } from "../../analyst/intents/labels/labels-answer.ts";
import { companyApprovals } from "../../records/label-approvals.server.ts";
import { importsTable } from "../../records/import-figures.server.ts";
import type { ImportsLookup } from "../../analyst/intents/imports/imports-answer.ts";
import type { FilingsLookup } from "../../analyst/intents/filings/filings-answer.ts";
import { companyFilings } from "../../records/sec-filings.server.ts";
import { companyCoverage } from "../../search/company-coverage.server.ts";
import {
  CHAT_TIMEOUT_MS,
  chatRequestSchema,
  DEEP_RESEARCH_TIMEOUT_MS,
  type ChatProvider,
  type ProviderReply,
} from "../../chat/chat-contract.ts";
import { finishJob, latestJob, runningJobs, startJob } from "../../chat/chat-jobs.ts";
import { ConversationStore } from "../../chat/conversation-store.ts";
import type { HubKnowledge } from "../../analyst/hub-index.ts";
import { KeptAnswers } from "../../chat/kept-answers.ts";
import { llmProvider } from "../../chat/llm-provider.ts";
import { webhookProvider } from "../../chat/webhook-provider.ts";
import { HttpError } from "../errors.ts";
import { providerFailure, streamAnswer } from "./chat-stream.ts";
import { jsonBody } from "../json-body.ts";
import { RateLimit, RateLimitError } from "../../limits/rate-limit.ts";

/** Deep-research runs all instances together carry at once, for everyone. */
export const DEEP_RESEARCH_GLOBAL_CAP = 20;

/** The operator's choice: the webhook when set, else the LLM when set, else the built-in analyst. */
export function chatProvider(
  config: Config,
  knowledge: HubKnowledge,
  conversations: ConversationStore,
  lookups: BuiltinLookups = {},
): ChatProvider {
  if (config.CHAT_WEBHOOK_URL) return webhookProvider(config.CHAT_WEBHOOK_URL);
  if (config.LLM_BASE_URL && config.LLM_API_KEY && config.LLM_MODEL)
    return llmProvider({
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
      knowledge,
      conversations,
      brand: config.SITE_BRAND,
      assistantName: config.ASSISTANT_NAME,
    });
  return builtinProvider(knowledge, conversations, lookups);
}

/** The market figures (cached by content version), for the analyst's questions on them. */
export const marketFigures = (database: Database): MarketLookup => marketLookup(database.db);

/** One company's label approvals (issue 41), for "what has Sazerac filed lately?". */
export const labelsLookup =
  (database: Database): LabelsLookup =>
  (companyId) =>
    companyApprovals(database.db, companyId);

/** The import figures by country (issue 41), for "how much tequila did we import from Mexico last year?". */
export const importsLookup =
  (database: Database): ImportsLookup =>
  () =>
    importsTable(database.db);

/** A listed company's filed figures (issue 41), for "what were Brown-Forman's net sales last year?". */
export const filingsLookup =
  (database: Database): FilingsLookup =>
  (company) =>
    companyFilings(database.db, company);

/** Everything the built-in analyst reads besides the hub's content, from the site's database. */
export const hubLookups = (database: Database): BuiltinLookups => ({
  coverage: coverageLookup(database),
  market: marketFigures(database),
  labels: labelsLookup(database),
  imports: importsLookup(database),
  filings: filingsLookup(database),
});

/** The company coverage the profiles show, for the analyst's questions about it. */
export const coverageLookup =
  (database: Database): CoverageLookup =>
  (companyId, limit) =>
    companyCoverage(database.db, COMPANIES, companyId, { limit });

/**
 * POST /api/chat: the webhook contract of spec section 7, whichever provider
 * answers; the browser never learns the provider's address or key. A
 * deep-research run is recorded as a job, so a reloaded page can find it again
 * (GET /api/chat/jobs/latest?uuid=…) on any instance. Every answer given is
 * kept (chat_answers) and its id added to the reply (`answerId`, beside
 * `output`), so a share or a verdict can name it (issue 37).
 */
export function chatApi(
  config: Config,
  database: Database,
  knowledge: HubKnowledge,
  redis?: Redis,
  provider = chatProvider(config, knowledge, new ConversationStore(database.db), hubLookups(database)),
): Router {
  const router = Router();
  const { db } = database;
  const answers = new KeptAnswers(db);
  const perMinute = new RateLimit(
    "chat",
    [{ points: config.CHAT_RATE_PER_MINUTE, seconds: 60 }],
    (s) => `Too many questions. Try again in ${s} seconds`,
    redis,
  );

  router.post("/chat", ...jsonBody(32 * 1024), async (req, res) => {
    const parsed = chatRequestSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
    const request = parsed.data;
    const address = req.ip ?? "unknown";
    await perMinute.consume(address);
    const deep = request.deepresearchStatus === "true";
    const askedAt = new Date();
    // An answer the server could not keep is still the reader's: it is given, without an id to share or judge it by.
    const keep = (output: string | undefined) =>
      output === undefined
        ? Promise.resolve(undefined)
        : answers
            .keep({
              conversation: request.uuid,
              question: request.message,
              answer: output,
              provider: provider.name,
              askedAt,
            })
            .catch((err: unknown) => void req.log?.error({ err }, "chat answer not kept"));

    // A deep-research run stays a job (a reloaded page reattaches to it); a normal question streams when it can.
    if (!deep && provider.stream && (req.get("accept") ?? "").includes("text/event-stream")) {
      await streamAnswer(req, res, { ...provider, stream: provider.stream.bind(provider) }, request, keep);
      return;
    }

    let jobId: string | undefined;
    if (deep) {
      // Counted in the database, so the limits hold across every instance of the server.
      const running = await runningJobs(db, address);
      if (running.forAddress >= config.DEEP_RESEARCH_PER_ADDRESS)
        throw new RateLimitError(
          `At most ${config.DEEP_RESEARCH_PER_ADDRESS} deep-research runs at once. Try again when one has finished`,
          30,
        );
      if (running.total >= DEEP_RESEARCH_GLOBAL_CAP)
        throw new RateLimitError("Deep research is busy. Try again in a minute", 60);
      jobId = await startJob(db, { conversation: request.uuid, message: request.message, clientAddress: address });
    }

    let reply: ProviderReply;
    try {
      reply = await provider.answer(request, AbortSignal.timeout(deep ? DEEP_RESEARCH_TIMEOUT_MS : CHAT_TIMEOUT_MS));
    } catch (err) {
      const failure = providerFailure(req, provider, err);
      if (jobId)
        await finishJob(db, jobId, {
          status: failure.status === 504 ? "timed_out" : "failed",
          errorStatus: failure.status,
        });
      throw failure;
    }

    if (!reply.ok) {
      if (jobId) await finishJob(db, jobId, { status: "failed", errorStatus: reply.status });
      // The upstream's status passes through, so the page shows the spec's message for it.
      res.status(reply.status).json({ error: `The assistant's service answered ${reply.status}` });
      return;
    }
    const answerId = await keep(reply.output);
    if (jobId) await finishJob(db, jobId, { status: "done", output: reply.output ?? null, answerId });
    res.json(reply.output === undefined ? {} : { output: reply.output, ...(answerId ? { answerId } : {}) });
  });

  router.get("/chat/jobs/latest", async (req, res) => {
    const uuid = z.uuid().safeParse(req.query.uuid);
    if (!uuid.success) throw new HttpError(400, "uuid must be a UUID");
    const job = await latestJob(db, uuid.data);
    if (!job) throw new HttpError(404, "No deep research for this conversation");
    // How long it has run, by this server's clock: a browser whose clock is off still counts from the truth.
    const elapsed_ms = Math.max(0, Date.now() - Date.parse(job.started_at));
    res.set("Cache-Control", "no-store").json({ job: { ...job, elapsed_ms } });
  });

  return router;
}

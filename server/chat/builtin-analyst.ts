import { COMPANIES, type Company } from "../content/companies.server.ts";
import { fold } from "#common/content/fold.ts";
import {
  comparisonTable,
  companyLink,
  factAnswer,
  factIntents,
  profileUrl,
  rankOf,
  type FactIntent,
} from "./company-facts.ts";
import { brandOwners, companiesNamed, namesIn } from "./company-names.ts";
import { EMPTY_CONTEXT, type ConversationContext } from "./conversation.ts";
import { momentOf, type Passage } from "./hub-corpus.ts";
import { queryGroups, termsOf, type HubIndex } from "./hub-index.ts";
import { inPeriod, periodIn } from "./question-dates.ts";

interface Hit {
  passage: Passage;
  score: number;
  terms: string[];
  coverage: number;
}

const SUGGESTIONS = [
  "What's trending in tequila in New York?",
  "Top RTD launches this quarter",
  "Premium spirits market slowdown analysis",
  "How is distributor consolidation changing route to market?",
];

const link = (p: Passage) => `[${p.section ? `${p.source}: ${p.section}` : p.source}](${p.url})`;

/** A bullet quoting `text` from `passage`, linked to it; a transcript quote links to the second its words begin. */
function quote(passage: Passage, text: string): string {
  const said = momentOf(passage, text);
  return `- ${text} (${link(said ? { ...passage, section: said.section, url: said.url } : passage)})`;
}
const BRANDS = brandOwners(COMPANIES);
const byId = (id: number) => COMPANIES.find((c) => c.id === id);

/** The sentences of a passage that carry the most of the question's terms. */
function bestSentences(passage: Passage, terms: string[], count: number): string {
  const sentences = passage.text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 25 && !/^sample\b/i.test(s));
  if (!sentences.length) return passage.text;
  const scored = sentences.map((s, i) => {
    const words = termsOf(s);
    return { s, i, score: terms.reduce((n, t) => n + (words.has(t) ? 1 : 0), 0) };
  });
  const chosen = [...scored]
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, count)
    .sort((a, b) => a.i - b.i);
  return chosen.map((c) => c.s).join(" ");
}

function topicOf(question: string): string {
  const q = question.trim().replace(/[?.!]+$/, "");
  return q.length > 80 ? `${q.slice(0, 77)}…` : q;
}

/** The best hits, at most `perSource` from one source, so one long recap does not fill the answer. */
function distinctSources(hits: Hit[], limit: number, perSource = 1): Hit[] {
  const seen = new Map<string, number>();
  const out: Hit[] = [];
  for (const hit of hits) {
    const used = seen.get(hit.passage.url) ?? 0;
    if (used >= perSource) continue;
    seen.set(hit.passage.url, used + 1);
    out.push(hit);
    if (out.length === limit) break;
  }
  return out;
}

export interface AnalystReply {
  markdown: string;
  /** What this turn was about, for the next one. */
  about: Pick<ConversationContext, "companies" | "intents">;
}

// "And their key brands?", "what about Pernod?": a turn that leans on the one before.
const REFERS_BACK = /\b(?:their|they|them|its|it|this company|that company|the company|both|those|these|each)\b/;
const FOLLOW_UP_SHAPE = /^(?:and|what about|how about|same for|ok,? and|now)\b/;

/**
 * Reads a turn in the light of the conversation: a question without a company
 * that refers back takes the last turn's companies; a bare "what about X?"
 * takes the last turn's question about X.
 */
function resolveTurn(
  question: string,
  context: ConversationContext,
  aliases: Map<string, number[]>,
): { companies: Company[]; intents: FactIntent[] } {
  const q = fold(question).trim();
  let companies = companiesNamed(question, aliases)
    .map(byId)
    .filter((c): c is Company => Boolean(c));
  let intents = factIntents(question);
  const followUp = FOLLOW_UP_SHAPE.test(q) || q.split(/\s+/).length <= 4;
  if (!companies.length && context.companies.length && (REFERS_BACK.test(q) || (followUp && intents.length))) {
    companies = context.companies.map(byId).filter((c): c is Company => Boolean(c));
  }
  if (companies.length && !intents.length && context.intents.length && followUp) intents = context.intents;
  return { companies, intents };
}

/** Two or three questions the hub can answer next, about what this answer was about. */
function followUps(companies: Company[], asked: FactIntent[], tags: string[]): string[] {
  const out: string[] = [];
  const c = companies[0];
  if (c) {
    const offers: Array<[FactIntent, string]> = [
      [
        "brands",
        c.type === "manufacturer" ? `What are ${c.name}'s key brands?` : `Which suppliers does ${c.name} carry?`,
      ],
      ["size", `How big is ${c.name}?`],
      ["owner", `Who owns ${c.name}?`],
      ["headquarters", `Where is ${c.name} headquartered?`],
      ["founded", `When was ${c.name} founded?`],
    ];
    out.push(
      ...offers
        .filter(([intent]) => !asked.includes(intent))
        .slice(0, 2)
        .map(([, q]) => q),
    );
    const peers = COMPANIES.filter((p) => p.type === c.type && p.id !== c.id && !companies.includes(p));
    const peer = peers.sort((a, b) => Math.abs(rankOf(a) - rankOf(c)) - Math.abs(rankOf(b) - rankOf(c)))[0];
    if (peer) out.push(`Compare ${c.name} and ${peer.name}`);
  } else if (asked.includes("rank")) {
    out.push(
      "Who are the top 10 U.S. distributors?",
      "What is the biggest distributor in Texas?",
      "Who are the largest U.S. beverage alcohol manufacturers?",
    );
  } else {
    out.push(...tags.slice(0, 2).map((t) => `What did the recaps say about ${t}?`));
    out.push("Who are the largest U.S. distributors?");
  }
  return out.slice(0, 3);
}

const followUpBlock = (questions: string[]) =>
  questions.length ? ["", "**You could also ask**", "", ...questions.map((q) => `- ${q}`)] : [];

/** A turn read in its conversation: the companies and facts it asks about, and the answer from the company data when it has one. */
export function readTurn(
  index: HubIndex,
  question: string,
  context: ConversationContext,
): { companies: Company[]; intents: FactIntent[]; facts: string | undefined } {
  const { companies, intents } = resolveTurn(question, context, index.aliases);
  const brands = intents.includes("owner")
    ? namesIn(question, BRANDS).map(({ name, id }) => ({ brand: name, company: byId(id)! }))
    : [];
  return { companies, intents, facts: factAnswer({ question, intents, companies, brands }) };
}

/**
 * The embedded analyst: answers questions about the Top Players from their data,
 * and everything else from the hub's own recaps, company profiles and episodes,
 * in markdown that links every point to its source. Deep research retrieves more
 * and writes a longer, sectioned report.
 */
export function analystAnswer(
  index: HubIndex,
  question: string,
  deep: boolean,
  options: { context?: ConversationContext; now?: Date } = {},
): AnalystReply {
  const { companies: named, intents, facts } = readTurn(index, question, options.context ?? EMPTY_CONTEXT);
  const period = periodIn(question, options.now ?? new Date());
  const about = { companies: named.map((c) => c.id), intents };
  // An answer from the company data needs no search, except a comparison, which adds the hub's coverage.
  if (facts && !intents.includes("compare"))
    return { markdown: [facts, ...followUpBlock(followUps(named, intents, []))].join("\n").trim(), about };

  const hits = index.search(question, deep ? 40 : 20);
  const terms = [...new Set(hits.flatMap((h) => h.terms))];
  const best = hits[0]?.score ?? 0;
  // Weak matches are not coverage: a hit must carry at least half of the question's weight of terms
  // (rare terms weigh more, so "NA beer" does not bring every passage about beer) and score near the best.
  const relevant = hits.filter((h) => h.coverage >= 0.5 && h.score >= best * 0.1);
  // A question about a period reads the recaps and episodes dated in it.
  const dated = period
    ? relevant.filter((h) => h.passage.kind === "company" || inPeriod(h.passage.date, period))
    : relevant;
  const recapHits = distinctSources(
    dated.filter((h) => h.passage.kind === "recap"),
    deep ? 8 : 4,
    deep ? 3 : 2,
  );
  const episodeHits = distinctSources(
    dated.filter((h) => h.passage.kind === "episode"),
    deep ? 3 : 1,
  );
  const tags = [
    ...new Set(
      recapHits
        .flatMap((h) => h.passage.keywords.split(","))
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];

  if (facts) {
    // Numbers come from the data; for a comparison, the hub's coverage of the companies follows.
    const names = named.map((c) => fold(c.name.split(" ")[0]!));
    const coverage = recapHits
      .filter((h) => names.some((n) => fold(`${h.passage.section ?? ""} ${h.passage.text}`).includes(n)))
      .slice(0, 2);
    const lines = [facts];
    if (coverage.length)
      lines.push(
        "",
        "**What the hub says**",
        "",
        ...coverage.map((h) => quote(h.passage, bestSentences(h.passage, terms, 2))),
      );
    lines.push(...followUpBlock(followUps(named, intents, tags)));
    return { markdown: lines.join("\n").trim(), about };
  }

  // "What happened last month?": nothing to search for but the period, so the answer is what was published in it.
  if (period && !queryGroups(question).length && !named.length) {
    const published = index.passages
      .filter((p) => p.kind !== "company" && inPeriod(p.date, period) && (p.kind === "episode" || !p.section))
      .sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
    const items = distinctSources(
      published.map((passage) => ({ passage, score: 0, terms: [], coverage: 1 })),
      deep ? 20 : 10,
    );
    if (items.length) {
      const lines = [
        `## Published ${period.label}`,
        "",
        `What the hub published ${period.label} (${period.from} to ${period.to}), newest first:`,
        "",
      ];
      lines.push(...items.map((h) => `- ${link(h.passage)} (${h.passage.date}): ${bestSentences(h.passage, [], 1)}`));
      lines.push(
        ...followUpBlock(
          followUps(
            [],
            [],
            tags.length
              ? tags
              : items
                  .filter((h) => h.passage.kind === "recap")
                  .flatMap((h) => h.passage.keywords.split(",").map((t) => t.trim()))
                  .filter(Boolean),
          ),
        ),
      );
      return { markdown: lines.join("\n").trim(), about };
    }
  }

  // A profile only joins an answer when it matches most of the question (a shared word like "premium" is not enough).
  const companyHits = distinctSources(
    relevant.filter(
      (h) => h.passage.kind === "company" && h.coverage >= 0.75 && !named.some((c) => c.id === h.passage.companyId),
    ),
    deep ? 4 : 2,
  );

  if (!named.length && !recapHits.length && !episodeHits.length && !companyHits.length) {
    const when =
      period && relevant.some((h) => h.passage.kind !== "company")
        ? ` dated ${period.label} (${period.from} to ${period.to})`
        : "";
    return {
      markdown: [
        `## No coverage yet`,
        ``,
        `The hub has no coverage of “${topicOf(question)}”${when} yet: nothing in the weekly recaps, the Top Players profiles or the podcast matches it.`,
        ``,
        `You could ask about:`,
        ...SUGGESTIONS.map((s) => `- ${s}`),
        ``,
        `Or browse the [Weekly News Recap](/recap), the [Top Players](/explorer) and [The Spirits Signal](/podcast).`,
      ].join("\n"),
      about,
    };
  }

  const lines: string[] = [`## ${topicOf(question)}`, ""];
  if (period) lines.push(`From the recaps and episodes dated ${period.label} (${period.from} to ${period.to}).`, "");
  const point = (hit: Hit) => quote(hit.passage, bestSentences(hit.passage, terms, deep ? 3 : 2));

  if (!deep) {
    const summaryHits = [...recapHits, ...episodeHits];
    if (summaryHits.length) lines.push("**What the hub says**", "", ...summaryHits.map(point), "");
    if (named.length >= 2) lines.push("**How they compare**", "", comparisonTable(named), "");
    else if (named.length === 1)
      lines.push(
        `**${named[0]!.name}**`,
        "",
        `- ${named[0]!.profile?.recentDevelopments ?? named[0]!.profile?.overview ?? ""} (${companyLink(named[0]!)})`,
        "",
      );
    if (companyHits.length && named.length < 2) lines.push("**Companies involved**", "", ...companyHits.map(point), "");
  } else {
    const lead = recapHits[0] ?? episodeHits[0] ?? companyHits[0];
    lines.push(
      "### Summary",
      "",
      lead
        ? `${bestSentences(lead.passage, terms, 2)} (${link(lead.passage)})`
        : `The hub's coverage of ${named.map((c) => c.name).join(" and ")} is below.`,
      "",
    );
    const further = recapHits.filter((h) => h !== lead);
    lines.push(
      "### What the recaps say",
      "",
      ...(further.length
        ? further.map(point)
        : recapHits.length
          ? recapHits.map(point)
          : ["- No recap covers this directly yet."]),
      "",
    );
    const involved = [...named, ...companyHits.map((h) => COMPANIES.find((c) => c.id === h.passage.companyId)!)].filter(
      Boolean,
    );
    lines.push("### Companies involved", "");
    if (named.length >= 2) lines.push(comparisonTable(named), "");
    lines.push(
      ...(involved.length
        ? involved.map(
            (c) => `- ${companyLink(c)} (${c.location}): ${c.profile?.marketPosition ?? c.keyBrands.join(", ")}`,
          )
        : ["- No Top Players company is named in the coverage."]),
      "",
    );
    lines.push(
      "### Podcast coverage",
      "",
      ...(episodeHits.length ? episodeHits.map(point) : ["- No episode covers this yet."]),
      "",
    );
  }

  const sources = distinctSources([...recapHits, ...episodeHits, ...companyHits], 12).map(
    (h) => ({ ...h.passage, section: undefined }) as Passage,
  );
  for (const c of named) if (!sources.some((p) => p.url === profileUrl(c))) sources.push(index.passagesOf(c.id)[0]!);
  lines.push(
    deep ? "### Sources" : "**Sources**",
    "",
    ...sources.filter(Boolean).map((p) => `- ${link(p)}${p.date ? ` (${p.date})` : ""}`),
  );
  lines.push(...followUpBlock(followUps(named, intents, tags)));
  return { markdown: lines.join("\n").trim(), about };
}

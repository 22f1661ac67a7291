import { COMPANIES, type Company } from "../content/companies.ts";
import { fold } from "../content/fold.ts";
import { companiesNamed } from "./company-names.ts";
import type { Passage } from "./hub-corpus.ts";
import type { HubIndex } from "./hub-index.ts";

interface Hit {
  passage: Passage;
  score: number;
  terms: string[];
  coverage: number;
}

const SUGGESTIONS = ["What's trending in tequila in New York?", "Top RTD launches this quarter", "Premium spirits market slowdown analysis", "How is distributor consolidation changing route to market?"];

const link = (p: Passage) => `[${p.section ? `${p.source}: ${p.section}` : p.source}](${p.url})`;
const companyLink = (c: Company) => `[${c.name}](/explorer?company=${c.id})`;

/** The sentences of a passage that carry the most of the question's terms. */
function bestSentences(passage: Passage, terms: string[], count: number): string {
  const sentences = passage.text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 25 && !/^sample\b/i.test(s));
  if (!sentences.length) return passage.text;
  const scored = sentences.map((s, i) => {
    const folded = fold(s);
    return { s, i, score: terms.reduce((n, t) => n + (folded.includes(t) ? 1 : 0), 0) };
  });
  const chosen = [...scored].sort((a, b) => b.score - a.score || a.i - b.i).slice(0, count).sort((a, b) => a.i - b.i);
  return chosen.map((c) => c.s).join(" ");
}

function topicOf(question: string): string {
  const q = question.trim().replace(/[?.!]+$/, "");
  return q.length > 80 ? `${q.slice(0, 77)}…` : q;
}

function comparisonTable(companies: Company[]): string {
  const row = (label: string, value: (c: Company) => string) => `| ${label} | ${companies.map((c) => value(c).replace(/\|/g, "/")).join(" | ")} |`;
  return [
    `| | ${companies.map(companyLink).join(" | ")} |`,
    `|---|${companies.map(() => "---").join("|")}|`,
    row("Type", (c) => (c.type === "manufacturer" ? "Manufacturer" : "Distributor")),
    row("Based in", (c) => c.location),
    row("Key brands", (c) => c.keyBrands.slice(0, 4).join(", ")),
    row("Market position", (c) => c.profile?.marketPosition ?? "—"),
    row("Recent developments", (c) => c.profile?.recentDevelopments ?? "—"),
  ].join("\n");
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

/**
 * The embedded analyst: answers from the hub's own recaps, company profiles and
 * episodes, in markdown that links every point to its source. Deep research
 * retrieves more and writes a longer, sectioned report.
 */
export function analystAnswer(index: HubIndex, question: string, deep: boolean): string {
  const named = companiesNamed(question, index.aliases).map((id) => COMPANIES.find((c) => c.id === id)!).filter(Boolean);
  const hits = index.search(question, deep ? 40 : 20);
  const terms = [...new Set(hits.flatMap((h) => h.terms))];
  const best = hits[0]?.score ?? 0;
  // Weak matches are not coverage: a hit must carry at least half of the question's words and score near the best.
  const relevant = hits.filter((h) => h.coverage >= 0.5 && h.score >= best * 0.2);
  const recapHits = distinctSources(relevant.filter((h) => h.passage.kind === "recap"), deep ? 8 : 4, deep ? 3 : 2);
  const episodeHits = distinctSources(relevant.filter((h) => h.passage.kind === "episode"), deep ? 3 : 1);
  // A profile only joins an answer when it matches most of the question (a shared word like "premium" is not enough).
  const companyHits = distinctSources(relevant.filter((h) => h.passage.kind === "company" && h.coverage >= 0.75 && !named.some((c) => c.id === h.passage.companyId)), deep ? 4 : 2);

  if (!named.length && !recapHits.length && !episodeHits.length && !companyHits.length) {
    return [
      `## No coverage yet`,
      ``,
      `The hub has no coverage of “${topicOf(question)}” yet: nothing in the weekly recaps, the Top Players profiles or the podcast matches it.`,
      ``,
      `You could ask about:`,
      ...SUGGESTIONS.map((s) => `- ${s}`),
      ``,
      `Or browse the [Weekly News Recap](/recap), the [Top Players](/explorer) and [The Spirits Signal](/podcast).`,
    ].join("\n");
  }

  const lines: string[] = [`## ${topicOf(question)}`, ""];
  const point = (hit: Hit) => `- ${bestSentences(hit.passage, terms, deep ? 3 : 2)} (${link(hit.passage)})`;

  if (!deep) {
    const summaryHits = [...recapHits, ...episodeHits];
    if (summaryHits.length) lines.push("**What the hub says**", "", ...summaryHits.map(point), "");
    if (named.length >= 2) lines.push("**How they compare**", "", comparisonTable(named), "");
    else if (named.length === 1) lines.push(`**${named[0]!.name}**`, "", `- ${named[0]!.profile?.recentDevelopments ?? named[0]!.profile?.overview ?? ""} (${companyLink(named[0]!)})`, "");
    if (companyHits.length && named.length < 2) lines.push("**Companies involved**", "", ...companyHits.map(point), "");
  } else {
    const lead = recapHits[0] ?? episodeHits[0] ?? companyHits[0];
    lines.push("### Summary", "", lead ? `${bestSentences(lead.passage, terms, 2)} (${link(lead.passage)})` : `The hub's coverage of ${named.map((c) => c.name).join(" and ")} is below.`, "");
    const further = recapHits.filter((h) => h !== lead);
    lines.push("### What the recaps say", "", ...(further.length ? further.map(point) : recapHits.length ? recapHits.map(point) : ["- No recap covers this directly yet."]), "");
    const involved = [...named, ...companyHits.map((h) => COMPANIES.find((c) => c.id === h.passage.companyId)!)].filter(Boolean);
    lines.push("### Companies involved", "");
    if (named.length >= 2) lines.push(comparisonTable(named), "");
    lines.push(...(involved.length ? involved.map((c) => `- ${companyLink(c)} (${c.location}): ${c.profile?.marketPosition ?? c.keyBrands.join(", ")}`) : ["- No Top Players company is named in the coverage."]), "");
    lines.push("### Podcast coverage", "", ...(episodeHits.length ? episodeHits.map(point) : ["- No episode covers this yet."]), "");
  }

  const sources = distinctSources([...recapHits, ...episodeHits, ...companyHits], 12).map((h) => ({ ...h.passage, section: undefined }) as Passage);
  for (const c of named) if (!sources.some((p) => p.url === `/explorer?company=${c.id}`)) sources.push(index.passagesOf(c.id)[0]!);
  lines.push(deep ? "### Sources" : "**Sources**", "", ...sources.filter(Boolean).map((p) => `- ${link(p)}${p.date ? ` (${p.date})` : ""}`));
  return lines.join("\n").trim();
}

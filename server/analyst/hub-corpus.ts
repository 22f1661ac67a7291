import type { Company } from "../content/companies.server.ts";
import type { Episode } from "../data/episodes.server.ts";
import type { Recap } from "../data/recaps.server.ts";
import { clock } from "#common/podcast/clock.ts";
import { SERIES_NAME } from "#common/podcast/podcast-text.ts";
import { episodePath } from "#common/feeds/feed-paths.ts";
import type { Cue, Transcript } from "#common/podcast/transcript-format.ts";
import { markdownHeadings } from "../content/markdown-headings.ts";

/** One retrievable piece of the hub: a recap section, a company profile or an episode. */
export interface Passage {
  id: string;
  kind: "recap" | "company" | "episode";
  /** The source's own title (a recap headline, a company name, an episode title). */
  source: string;
  /** A recap section's heading, when the passage is one section of a recap. */
  section?: string;
  text: string;
  /** Where the answer links to: /recap/:id, /explorer?company=:id, /podcast?episode=:id#episode-:id. */
  url: string;
  /** A recap section's heading's id on the recap's page, where a citation of the section lands (`url#anchor`). */
  anchor?: string;
  date?: string;
  companyId?: number;
  /** Names that should match this passage strongly: brands, tags. */
  keywords: string;
  /** A transcript run's cues, each with the address and label of its own moment, so a quote can point at the second it was said. */
  moments?: Array<{ text: string; url: string; section: string }>;
  /**
   * A company profile's parts, each by the name a citation gives it ("Owner", "Strategy") and its
   * text, so a citation of one fact quotes the sentence that states it rather than the profile's start.
   */
  parts?: Array<{ section: ProfilePart; text: string }>;
}

/** The parts of a company profile an answer cites one by one, by the names the profile shows them under. */
export const PROFILE_PARTS = [
  "Headquarters",
  "Owner",
  "Overview",
  "Market position",
  "Strategy",
  "Recent developments",
  "Founded",
  "Employees",
  "Revenue",
  "Sales",
  "Coverage",
  "Key brands",
  "Rank basis",
] as const;
export type ProfilePart = (typeof PROFILE_PARTS)[number];

const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((cell) => cell.trim());

/**
 * A markdown table as one sentence a row: "Growth bet — Diageo: Tequila and premium Scotch; Pernod
 * Ricard: Irish whiskey and premium gin." A recap's table often holds what its prose does not (each
 * company's growth bet, each price band's trend), and a row read with its column names can be
 * found and quoted; the table as it stands reads badly as sentences.
 */
export function tableSentences(markdown: string): string {
  return markdown.replace(/(?:^[ \t]*\|.*\|[ \t]*(?:\n|$))+/gm, (table) => {
    const rows = table
      .trim()
      .split("\n")
      .filter((row) => !/^\s*\|?[\s:|-]+\|?\s*$/.test(row))
      .map(cellsOf);
    const [header, ...body] = rows;
    if (!header || !body.length) return "\n";
    const sentences = body.map((cells) => {
      const [label, ...values] = cells;
      const pairs = values
        .map((value, i) => (header[i + 1] ? `${header[i + 1]}: ${value}` : value))
        .filter((pair) => pair.trim());
      return `${label}${header[0] ? ` (${header[0]})` : ""} — ${pairs.join("; ")}.`;
    });
    return `\n${sentences.join("\n")}\n`;
  });
}

/**
 * Where a sentence ends: after a full stop, a question or an exclamation mark before a word that
 * does not go on in lower case, or at a line's end. Not after "vs." or an initial ("Ben E. Keith"),
 * not after "U.S." when the sentence goes on ("the U.S. market"), a title or a place's short form
 * ("St. Helena"), nor "No." before its number ("the No. 1 spirits brand"): each would cut one in two.
 */
export const SENTENCE_END =
  /(?<=[.!?])(?<!\bvs\.|(?<!\.)\b[A-Z]\.|\b(?:St|Mt|Ft|Mr|Mrs|Ms|Dr|Jr|Sr)\.)(?<!\b[Nn]os?\.(?=\s+[\d#]))\s+(?![a-z])|\n+/;

/** Markdown to plain sentences: enough for retrieval and quoting, not for display. */
export function plainText(markdown: string): string {
  return tableSentences(markdown)
    .replace(/^>\s*\*\*Sample content\.\*\*.*$/gim, "")
    .replace(/!\[[^\]]*]\([^)]*\)/g, "")
    .replace(/\[([^\]]+)]\([^)]*\)/g, "$1")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/^>\s?/gm, "")
    .replace(/[ \t]+/g, " ")
    .replace(/\n{2,}/g, "\n")
    .trim();
}

/** A recap cut at its headings, so an answer can point at the part that says it. */
export function recapPassages(recap: Recap): Passage[] {
  const keywords = recap.tags.join(", ");
  const base = {
    kind: "recap" as const,
    source: recap.headline,
    url: `/recap/${recap.id}`,
    date: recap.date.slice(0, 10),
    keywords,
  };
  const passages: Passage[] = [];
  if (recap.snippets) passages.push({ ...base, id: `recap:${recap.id}:summary`, text: recap.snippets });
  // Each section's heading's id on the page, by the line the heading is on.
  const ids = new Map(markdownHeadings(recap.content).map((h) => [h.line, h.id]));
  let line = 1;
  const sections = recap.content.split(/^(?=#{2,3}\s)/m);
  sections.forEach((section, index) => {
    const startsOn = line;
    line += section.split("\n").length - 1;
    const heading = /^#{2,3}\s+(.+)$/m.exec(section)?.[1]?.trim();
    const text = plainText(heading ? section.replace(/^#{2,3}\s+.+$/m, "") : section);
    if (text.length < 20) return;
    const anchor = heading ? ids.get(startsOn) : undefined;
    passages.push({
      ...base,
      id: `recap:${recap.id}:${index}`,
      ...(heading ? { section: heading } : {}),
      ...(anchor ? { anchor } : {}),
      text,
    });
  });
  return passages;
}

/** Where a citation of a passage lands: a recap section's heading, else the passage's own address. */
export const passageAddress = (p: Passage) => (p.anchor ? `${p.url}#${p.anchor}` : p.url);

/** "Label: value." as one sentence; a value that ends with its own full stop ("Heineken Holding N.V.") keeps just that one. */
const labelled = (label: string, value: string | undefined) =>
  value ? `${label}: ${value}${value.endsWith(".") ? "" : "."}` : undefined;

/** A profile's parts as the text a citation of each quotes; a part the profile does not give is left out. */
export function profileParts(company: Company): Array<{ section: ProfilePart; text: string }> {
  const p = company.profile;
  const said: Array<[ProfilePart, string | undefined]> = [
    ["Headquarters", `${company.name} is a ${company.type} based in ${company.location}.`],
    // Who owns it often says who runs it too ("run by founder Anthony von Mandl").
    ["Owner", labelled("Ownership", company.ownership)],
    ["Overview", p?.overview],
    ["Market position", p?.marketPosition],
    ["Strategy", p?.strategy],
    ["Recent developments", p?.recentDevelopments],
    ["Founded", labelled("Founded", p?.founded)],
    ["Employees", labelled("Employees", p?.employees)],
    ["Revenue", labelled("Revenue", company.revenue)],
    ["Sales", labelled("Sales", company.sales)],
    ["Coverage", labelled("Coverage", company.coverage)],
    ["Key brands", labelled("Key brands", company.keyBrands.join(", "))],
    ["Rank basis", labelled("Rank basis", company.claims?.rankBasis.text)],
  ];
  return said.flatMap(([section, text]) => (text ? [{ section, text }] : []));
}

// The founding year, the headcount and the basis of the rank are cited, not searched: a profile is
// found by what it says of the company's business, as it was before its parts were cited one by one.
const UNSEARCHED: ReadonlySet<ProfilePart> = new Set(["Founded", "Employees", "Rank basis"]);

export function companyPassage(company: Company): Passage {
  const parts = profileParts(company);
  return {
    id: `company:${company.id}`,
    kind: "company",
    source: company.name,
    text: parts
      .filter((part) => !UNSEARCHED.has(part.section))
      .map((part) => part.text)
      .join(" "),
    url: `/explorer?company=${company.id}`,
    companyId: company.id,
    keywords: `${company.name} ${company.keyBrands.join(" ")} ${company.location}`,
    parts,
  };
}

/**
 * A quote of a company profile's sentences cut where the part that says them changes ("…based in
 * Dallas, TX." from its headquarters, "It sells beer…" from its overview), each run with its part, so
 * each can be cited to the words it quotes. Undefined for another kind of passage, or a sentence
 * that is no part's.
 */
export function partsSaying(passage: Passage, text: string): Array<{ text: string; part: ProfilePart }> | undefined {
  if (!passage.parts) return undefined;
  const runs: Array<{ text: string; part: ProfilePart }> = [];
  for (const sentence of text.split(SENTENCE_END)) {
    const said = sentence.trim();
    if (!said) continue;
    const part = passage.parts.find((p) => p.text.includes(said))?.section;
    if (!part) return undefined;
    const last = runs.at(-1);
    if (last?.part === part) last.text += ` ${said}`;
    else runs.push({ text: said, part });
  }
  return runs.length ? runs : undefined;
}

/** Cues are read in runs of about this many seconds: enough words to match, short enough to point at a moment. */
const CHUNK_SECONDS = 30;

/**
 * An episode's timed transcript in runs of cues, each pointing at its moment, so an
 * answer can cite "The Daily Shot, 3:12" and link to that second. A plain transcript is one passage.
 */
export function transcriptPassages(episode: Episode, transcript: Transcript): Passage[] {
  const base = {
    kind: "episode" as const,
    source: episode.title.replace(/^Sample:\s*/, ""),
    date: episode.date,
    keywords: SERIES_NAME[episode.weekly_daily],
  };
  if (transcript.kind === "plain")
    return [
      {
        ...base,
        id: `episode:${episode.id}:transcript`,
        section: `${SERIES_NAME[episode.weekly_daily]}, transcript`,
        text: transcript.text,
        url: episodePath(episode.id),
      },
    ];
  const runs: Cue[][] = [];
  for (const cue of transcript.cues) {
    const run = runs.at(-1);
    if (run && cue.start - run[0]!.start < CHUNK_SECONDS) run.push(cue);
    else runs.push([cue]);
  }
  const moment = (cue: Cue) => ({
    section: `${SERIES_NAME[episode.weekly_daily]}, ${clock(cue.start)}`,
    url: episodePath(episode.id, cue.start),
  });
  return runs.map((run) => ({
    ...base,
    id: `episode:${episode.id}:${Math.floor(run[0]!.start)}`,
    ...moment(run[0]!),
    text: run.map((c) => c.text).join(" "),
    moments: run.map((cue) => ({ text: cue.text, ...moment(cue) })),
  }));
}

/**
 * The moment a quote from a transcript passage cites. Without `weigh`, the cue in which its first
 * words are said (a sentence often starts in the middle of a cue, after another sentence), found by
 * where the quote stands in the passage's text, which is its cues' texts joined by spaces. With
 * `weigh` (how much of the question a cue's words carry), the quoted cue that carries the most of
 * it, the earliest of equals: the asked words decide the second, wherever they stand in the quote
 * (issue 37: a phrase said at 0:17 was cited at 0:04, where its passage begins). Undefined for a
 * passage without moments or a text that is not in it.
 */
export function momentOf(
  passage: Passage,
  text: string,
  weigh?: (cue: string) => number,
): { url: string; section: string } | undefined {
  const moments = passage.moments;
  if (!moments?.length) return undefined;
  const at = passage.text.indexOf(text.slice(0, 60));
  if (at < 0) return undefined;
  let end = 0;
  const cues = moments.map((m) => {
    const cue = { m, from: end, to: end + m.text.length };
    end = cue.to + 1;
    return cue;
  });
  const first = cues.find((cue) => at <= cue.to)?.m ?? moments.at(-1)!;
  if (!weigh) return first;
  // Where each quoted sentence stands in the passage: a quote may skip the sentences between its own.
  const quoted = text
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim())
    .flatMap((sentence) => {
      const from = sentence ? passage.text.indexOf(sentence) : -1;
      return from < 0 ? [] : [{ from, to: from + sentence.length }];
    });
  let best = { moment: first, weight: 0 };
  for (const cue of cues) {
    if (!quoted.some((q) => cue.from < q.to && q.from < cue.to)) continue;
    const weight = weigh(cue.m.text);
    if (weight > best.weight) best = { moment: cue.m, weight };
  }
  return best.moment;
}

export function episodePassage(episode: Episode): Passage {
  return {
    id: `episode:${episode.id}`,
    kind: "episode",
    source: episode.title.replace(/^Sample:\s*/, ""),
    text: episode.description,
    url: episodePath(episode.id),
    date: episode.date,
    keywords: SERIES_NAME[episode.weekly_daily],
  };
}

// What a digest says (issue 42): for each followed item, the paragraphs of new recaps
// that name it (quoted, linked to their section) and the podcast moments where it is
// said (linked to the second). "New" is a window of publication times; the window's
// recaps and episodes are read and cut into paragraphs and cues once, then every
// reader's digest is composed from them in memory, which is what lets a run compose
// thousands of digests a second.
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Company } from "../content/companies.server.ts";
import { markdownHeadings } from "../content/markdown-headings.ts";
import { wholeWord } from "#common/search/whole-word.ts";
import { plainText } from "../search/highlight.ts";
import { followableBrands, itemTerms, type ItemTerms } from "./follow-items.server.ts";
import { LABELS_PATH, labelQuery } from "#common/records/label-approval.ts";
import { filingUrl } from "#common/records/filed-figures.ts";
import {
  windowFilings,
  windowLabels,
  windowMarketMonths,
  type WindowFiling,
  type WindowLabel,
  type WindowMonth,
} from "./digest-records.ts";
import { changeOf, changeText, dollars, liters, monthName, monthYearBefore } from "#common/market/figure-format.ts";
import { dataFamilyPath } from "#common/market/market-paths.ts";
import { episodePath } from "#common/feeds/feed-paths.ts";
import { parseTranscript } from "#common/podcast/transcript-format.ts";
import { tagsFromColumn, topicSlug } from "#common/topics/topic.ts";
import type { FollowItem } from "#common/follows/follow-item.ts";

/** Longest quote of one paragraph or cue, in characters. */
export const QUOTE_MAX = 600;

export interface DigestParagraph {
  kind: "paragraph";
  /** Stable within the hub: the recap and the paragraph's line (a feed's guid). */
  ref: string;
  recapId: number;
  date: string;
  headline: string;
  /** The section's heading, when the paragraph stands under one. */
  section: string | null;
  text: string;
  /** Site-relative: the recap, at the section. */
  url: string;
}

export interface DigestMoment {
  kind: "moment";
  /** Stable within the hub: the episode and the cue. */
  ref: string;
  episodeId: number;
  date: string;
  title: string;
  series: "daily" | "weekly";
  /** Where the words are said; null for an untimed transcript or an episode given by its topic alone. */
  seconds: number | null;
  text: string;
  url: string;
}

/** A label approval of a followed company, brought to the hub by an import in the window. */
export interface DigestLabel {
  kind: "label";
  /** The registry's TTB ID. */
  ref: string;
  /** The day the registry completed it. */
  date: string;
  /** "Buffalo Trace: Kosher Wheat Recipe". */
  name: string;
  /** "STRAIGHT BOURBON WHISKY". */
  type: string;
  /** Site-relative: the company's approvals on /data/labels. */
  url: string;
}

/** An SEC filing of a followed company, brought to the hub by an import in the window. */
export interface DigestFiling {
  kind: "filing";
  /** Its accession number. */
  ref: string;
  /** The day it was filed. */
  date: string;
  /** "10-K", "20-F", "10-Q/A"… */
  form: string;
  /** "Year to Sep 30, 2026", when the filing reports figures for its own period. */
  period: string | null;
  /** "Net sales $3,975 million". */
  figures: string[];
  /** Its folder on EDGAR. */
  url: string;
}

/** A followed market family's month, added to the hub by an import in the window. */
export interface DigestMonth {
  kind: "month";
  /** The family and the month: "tequila:2026-09". */
  ref: string;
  /** The day the hub imported it. */
  date: string;
  /** "September 2026". */
  month: string;
  /** "$12.3 million, up 4.5% on September 2025; 1.1 million liters". */
  text: string;
  /** Site-relative: the family's page. */
  url: string;
}

export interface DigestSection {
  item: FollowItem;
  paragraphs: DigestParagraph[];
  moments: DigestMoment[];
  /** New label approvals (a company, or a brand's own among its owner's): the weekly digest's, never an alert's. */
  labels: DigestLabel[];
  /** A listed company's new SEC filings (its listed parent's, for a subsidiary): the weekly digest's. */
  filings: DigestFiling[];
  /** A followed market family's new months, newest first: the weekly digest's. */
  months: DigestMonth[];
  /** Quotes past QUOTES_PER_ITEM, not given: the mail links to the item's page for them. */
  more: number;
}

interface Block {
  /** Unique in the window: a paragraph or a cue is quoted once per digest, under the first item that names it. */
  id: string;
  text: string;
}

interface WindowRecap {
  id: number;
  date: string;
  headline: string;
  tags: string[];
  summary: string;
  paragraphs: Array<Block & { section: { id: string; text: string } | null }>;
}

interface WindowEpisode {
  id: number;
  date: string;
  title: string;
  series: "daily" | "weekly";
  description: string;
  tags: string[];
  cues: Array<Block & { seconds: number | null }>;
}

/** The recaps and episodes published in [since, until), cut into what a digest quotes, and the records imported then. */
export interface DigestWindow {
  since: string;
  until: string;
  recaps: WindowRecap[];
  episodes: WindowEpisode[];
  /** Joined to a Top Player, newest first. */
  labels: WindowLabel[];
  /** SEC filings of the Top Players that file, newest first. */
  filings: WindowFiling[];
  /** Every family's months the window's market imports added, newest first. */
  months: WindowMonth[];
}

const cut = (text: string) => {
  if (text.length <= QUOTE_MAX) return text;
  const space = text.lastIndexOf(" ", QUOTE_MAX - 1);
  return `${text.slice(0, space > QUOTE_MAX / 2 ? space : QUOTE_MAX - 1)}…`;
};

/** A recap body's paragraphs (blocks between blank lines and headings), each with the section it stands in. */
function paragraphsOf(recapId: number, markdown: string): WindowRecap["paragraphs"] {
  const headings = markdownHeadings(markdown);
  const headingLines = new Set(headings.map((h) => h.line));
  const lines = markdown.split(/\r?\n/);
  // A heading's own line (ATX or setext), or a setext heading's underline (the line after one).
  const isHeading = (i: number) =>
    headingLines.has(i + 1) || (headingLines.has(i) && /^\s*(=+|-+)\s*$/.test(lines[i]!));
  const out: WindowRecap["paragraphs"] = [];
  let block: string[] = [];
  let first = 0;
  const flush = () => {
    const text = block.length ? plainText(block.join("\n")) : "";
    if (text) {
      const inside = headings.filter((h) => h.line < first).at(-1);
      out.push({ id: `r${recapId}:${first}`, text, section: inside ? { id: inside.id, text: inside.text } : null });
    }
    block = [];
  };
  lines.forEach((line, i) => {
    if (line.trim() === "" || isHeading(i)) return flush();
    if (!block.length) first = i + 1;
    block.push(line);
  });
  flush();
  return out;
}

function cuesOf(episodeId: number, transcript: string | null): WindowEpisode["cues"] {
  if (!transcript) return [];
  try {
    const parsed = parseTranscript(transcript);
    if (parsed.kind === "plain") return [{ id: `e${episodeId}:0`, text: parsed.text, seconds: null }];
    return parsed.cues.map((cue, i) => ({ id: `e${episodeId}:${i}`, text: cue.text, seconds: Math.floor(cue.start) }));
  } catch {
    return [];
  }
}

/** Reads the window's recaps and episodes (by when they were published on the hub: `created_at`). */
export function readDigestWindow(db: Kysely<DB>, since: string, until: string): Promise<DigestWindow> {
  return readWindow(db, since, until, { since, until });
}

/** A recap's alerts (issue 42, for readers who asked for them at once): that recap alone. */
export function readRecapWindow(db: Kysely<DB>, recapId: number, at: string): Promise<DigestWindow> {
  return readWindow(db, at, at, { recapId });
}

/** Recaps and episodes cut between two pauses: an archive import's window cuts thousands, and the server must answer meanwhile. */
const CUT_BETWEEN_PAUSES = 20;
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Maps each row in turn, letting the event loop run between slices. */
async function cutInSlices<T, U>(rows: readonly T[], cutOne: (row: T) => U): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % CUT_BETWEEN_PAUSES === 0) await pause();
    out.push(cutOne(rows[i]!));
  }
  return out;
}

async function readWindow(
  db: Kysely<DB>,
  since: string,
  until: string,
  only: { since: string; until: string } | { recapId: number },
): Promise<DigestWindow> {
  const recapRows = db
    .selectFrom("weekly_summaries")
    .select(["id", "date", "headline", "content", "snippets", "tags"])
    .$call((q) =>
      "recapId" in only
        ? q.where("id", "=", only.recapId)
        : q.where("created_at", ">=", only.since).where("created_at", "<", only.until),
    )
    .orderBy("date")
    .orderBy("id")
    .execute();
  // An alert is about its recap alone: no episodes.
  const episodeRows =
    "recapId" in only
      ? Promise.resolve([])
      : db
          .selectFrom("podcast_episodes")
          .select(["id", "date", "title", "description", "weekly_daily", "tags", "transcript"])
          .where("created_at", ">=", only.since)
          .where("created_at", "<", only.until)
          .orderBy("date")
          .orderBy("id")
          .execute();
  // An alert is about its recap alone: no records either.
  const records =
    "recapId" in only
      ? Promise.resolve<[WindowLabel[], WindowFiling[], WindowMonth[]]>([[], [], []])
      : Promise.all([
          windowLabels(db, only.since, only.until),
          windowFilings(db, only.since, only.until),
          windowMarketMonths(db, only.since, only.until),
        ]);
  const [recaps, episodes, [labels, filings, months]] = await Promise.all([recapRows, episodeRows, records]);
  return {
    since,
    until,
    recaps: await cutInSlices(recaps, (r) => ({
      id: r.id,
      date: String(r.date).slice(0, 10),
      headline: r.headline,
      tags: tagsFromColumn(r.tags),
      summary: r.snippets ?? "",
      paragraphs: paragraphsOf(r.id, r.content),
    })),
    episodes: await cutInSlices(episodes, (e) => ({
      id: e.id,
      date: String(e.date).slice(0, 10),
      title: e.title,
      series: e.weekly_daily,
      description: e.description,
      tags: tagsFromColumn(e.tags),
      cues: cuesOf(e.id, e.transcript),
    })),
    labels,
    filings,
    months,
  };
}

const tagged = (tags: string[], slug: string | undefined) =>
  slug !== undefined && tags.some((t) => topicSlug(t) === slug);
/** Whether `text` names the item: any form as a whole word (which one, or where, does not matter here). */
const names = (terms: ItemTerms, text: string) => terms.forms.some(({ form }) => wholeWord(form).test(text));

/** Quotes of each kind a digest gives one item: the newest; the rest are counted and linked to the item's page. */
export const QUOTES_PER_ITEM = 5;

/** Where one item is named in a window, newest first: the same for every reader who follows it. */
interface ItemMatches {
  recaps: Array<{ recap: WindowRecap; named: WindowRecap["paragraphs"]; byTag: boolean }>;
  episodes: Array<{ episode: WindowEpisode; named: WindowEpisode["cues"]; byTag: boolean }>;
  labels: WindowLabel[];
  filings: WindowFiling[];
  months: WindowMonth[];
}

// Matching an item's names against every paragraph is most of a digest's cost, and a run's readers
// follow a few hundred items between them: each item is matched once per window.
const matchMemo = new WeakMap<DigestWindow, Map<string, ItemMatches>>();

function matchesOf(window: DigestWindow, companies: readonly Company[], item: FollowItem): ItemMatches {
  let memo = matchMemo.get(window);
  if (!memo) matchMemo.set(window, (memo = new Map()));
  const key = `${item.kind}:${item.key}`;
  let found = memo.get(key);
  if (found) return found;
  const terms = itemTerms(companies, item);
  const filer = item.kind === "company" ? companies.find((c) => String(c.id) === item.key)?.secFiler : undefined;
  found = {
    recaps: [],
    episodes: [],
    labels: labelsOf(window, companies, item, terms),
    // Filings are a company's, not a brand's or a topic's.
    filings: filer ? window.filings.filter((f) => f.cik === filer.cik) : [],
    months: item.kind === "market" ? window.months.filter((m) => m.family === item.key) : [],
  };
  for (const recap of [...window.recaps].reverse()) {
    const named = recap.paragraphs.filter((p) => names(terms, p.text));
    const byTag = named.length === 0 && tagged(recap.tags, terms.topicSlug);
    if (named.length || byTag) found.recaps.push({ recap, named, byTag });
  }
  for (const episode of [...window.episodes].reverse()) {
    const named = episode.cues.filter((c) => names(terms, c.text));
    const byTag = named.length === 0 && tagged(episode.tags, terms.topicSlug);
    if (named.length || byTag) found.episodes.push({ episode, named, byTag });
  }
  memo.set(key, found);
  return found;
}

/** A company's new approvals; a brand's: those of its owner that carry its name. A topic has none. */
function labelsOf(
  window: DigestWindow,
  companies: readonly Company[],
  item: FollowItem,
  terms: ItemTerms,
): WindowLabel[] {
  if (item.kind === "company") return window.labels.filter((l) => String(l.companyId) === item.key);
  if (item.kind === "brand") {
    const owner = followableBrands(companies).get(item.key)?.ownerId;
    return window.labels.filter((l) => l.companyId === owner && names(terms, l.name));
  }
  return [];
}

/** "$12.3 million, up 4.5% on September 2025; 1.1 million liters": a family's page's figures, in its words. */
function monthText({ period, sales, yearBefore }: WindowMonth): string {
  const change = changeText(changeOf(sales.dollars, yearBefore?.dollars));
  return `${dollars(sales.dollars)}${change ? `, ${change} on ${monthName(monthYearBefore(period))}` : ""}; ${liters(sales.liters)}`;
}

/**
 * One reader's digest: a section per followed item with something new, in the order
 * the items are given, newest first within each. Each paragraph and cue is quoted
 * once, under the first item that names it; an item gives its QUOTES_PER_ITEM newest
 * of each kind and counts the rest (`more`), linked to its page. A topic also takes
 * the recaps and episodes tagged with it whose words do not name it (the recap's
 * summary, the episode's description). Empty when nothing is new: then nothing is
 * sent. Without `withRecaps` (a reader who had each recap's alert already) only the
 * podcast moments are given.
 */
export function composeDigest(
  window: DigestWindow,
  companies: readonly Company[],
  items: readonly FollowItem[],
  { withRecaps = true, perItem = QUOTES_PER_ITEM }: { withRecaps?: boolean; perItem?: number } = {},
): DigestSection[] {
  const quoted = new Set<string>();
  const sections: DigestSection[] = [];
  for (const item of items) {
    // Most readers' items quote nothing another of their items quoted: they get the section every
    // reader of the item gets, made (and rendered, digest-email.ts) once per run.
    const shared = sharedSection(window, companies, item, withRecaps, perItem);
    let section = shared.section;
    if (shared.consumed.some((id) => quoted.has(id)))
      section = sectionOf(matchesOf(window, companies, item), item, quoted, withRecaps, perItem);
    else for (const id of shared.consumed) quoted.add(id);
    if (hasNews(section)) sections.push(section);
  }
  return sections;
}

const hasNews = ({ paragraphs, moments, labels, filings, months }: DigestSection) =>
  paragraphs.length + moments.length + labels.length + filings.length + months.length > 0;

/** An item's section as a reader who follows nothing else gets it, and the quotes it takes. */
interface SharedSection {
  section: DigestSection;
  consumed: string[];
}
const sharedMemo = new WeakMap<DigestWindow, Map<string, SharedSection>>();

function sharedSection(
  window: DigestWindow,
  companies: readonly Company[],
  item: FollowItem,
  withRecaps: boolean,
  perItem: number,
): SharedSection {
  let memo = sharedMemo.get(window);
  if (!memo) sharedMemo.set(window, (memo = new Map()));
  const key = `${withRecaps ? "r" : "-"}${perItem}:${item.kind}:${item.key}`;
  let shared = memo.get(key);
  if (!shared) {
    const taken = new Set<string>();
    const section = sectionOf(matchesOf(window, companies, item), item, taken, withRecaps, perItem);
    shared = { section, consumed: [...taken] };
    memo.set(key, shared);
  }
  return shared;
}

/** One item's section; every paragraph and cue it quotes is added to `quoted`, and one quoted already is left out. */
function sectionOf(
  matches: ItemMatches,
  item: FollowItem,
  quoted: Set<string>,
  withRecaps: boolean,
  perItem: number,
): DigestSection {
  const section: DigestSection = { item, paragraphs: [], moments: [], labels: [], filings: [], months: [], more: 0 };
  const keep = <T>(list: T[], entry: T) => {
    if (list.length < perItem) list.push(entry);
    else section.more++;
  };
  for (const { recap, named, byTag } of withRecaps ? matches.recaps : []) {
    for (const p of named) {
      if (quoted.has(p.id)) continue;
      quoted.add(p.id);
      keep(section.paragraphs, {
        kind: "paragraph",
        ref: p.id,
        recapId: recap.id,
        date: recap.date,
        headline: recap.headline,
        section: p.section?.text ?? null,
        text: cut(p.text),
        url: `/recap/${recap.id}${p.section ? `#${p.section.id}` : ""}`,
      });
    }
    const whole = `r${recap.id}:tag`;
    if (byTag && !quoted.has(whole)) {
      quoted.add(whole);
      // The recap's summary line; without one, its first paragraph not quoted already, else its headline alone.
      const first = recap.summary ? undefined : recap.paragraphs.find((p) => !quoted.has(p.id));
      if (first) quoted.add(first.id);
      keep(section.paragraphs, {
        kind: "paragraph",
        ref: whole,
        recapId: recap.id,
        date: recap.date,
        headline: recap.headline,
        section: null,
        text: cut(recap.summary || first?.text || recap.headline),
        url: `/recap/${recap.id}`,
      });
    }
  }
  for (const { episode, named, byTag } of matches.episodes) {
    for (const cue of named) {
      if (quoted.has(cue.id)) continue;
      quoted.add(cue.id);
      keep(section.moments, {
        kind: "moment",
        ref: cue.id,
        episodeId: episode.id,
        date: episode.date,
        title: episode.title,
        series: episode.series,
        seconds: cue.seconds,
        text: cut(cue.text),
        url: episodePath(episode.id, cue.seconds ?? undefined),
      });
    }
    const whole = `e${episode.id}:tag`;
    if (byTag && !quoted.has(whole)) {
      quoted.add(whole);
      keep(section.moments, {
        kind: "moment",
        ref: whole,
        episodeId: episode.id,
        date: episode.date,
        title: episode.title,
        series: episode.series,
        seconds: null,
        text: cut(episode.description),
        url: episodePath(episode.id),
      });
    }
  }
  for (const label of matches.labels)
    keep(section.labels, {
      kind: "label",
      ref: label.ttbId,
      date: label.completedOn,
      name: label.name,
      type: label.type,
      url: `${LABELS_PATH}${labelQuery({ company: label.companyId })}`,
    });
  for (const filing of matches.filings)
    keep(section.filings, {
      kind: "filing",
      ref: filing.accession,
      date: filing.filedOn,
      form: filing.form,
      period: filing.period,
      figures: filing.figures,
      url: filingUrl(filing.cik, filing.accession),
    });
  for (const month of matches.months)
    keep(section.months, {
      kind: "month",
      ref: `${month.family}:${month.period}`,
      date: month.importedOn,
      month: monthName(month.period),
      text: monthText(month),
      url: dataFamilyPath(month.family),
    });
  return section;
}

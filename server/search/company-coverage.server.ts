// A company's coverage on the hub (issue 26, docs/company-coverage.md): the
// recaps that name it and the transcript cues where it is said, newest first.
// Which rows name which company comes from the coverage index (kept current
// with the content); only the rows of the page asked for are read whole, so a
// page costs the same with ten years of content as with ten weeks.
import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.ts";
import type { Company } from "../content/companies.server.ts";
import { tagsFromColumn } from "../data/recaps.server.ts";
import { parseTranscript } from "#common/podcast/transcript-format.ts";
import { episodePath } from "#common/feeds/feed-paths.ts";
import {
  COVERAGE_PAGE,
  quarterOf,
  type CompanyCoverage,
  type CoverageMoment,
  type CoverageRecap,
} from "#common/search/company-coverage.ts";
import { companyTerms, firstForm, type CompanyTerms } from "./company-mentions.ts";
import { coverageIndex, type Mentioning } from "./coverage-index.ts";
import { plainText, snippetAround } from "./highlight.ts";

export { companyTerms, mentionedCompanies } from "./company-mentions.ts";

type Forms = CompanyTerms["forms"];

/** Where the last page stopped: the last recap shown (date, id) and the last moment (episode date, id, cue); null when that list is done. */
const cursorShape = z.object({
  r: z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.number().int().positive()]).nullable(),
  m: z
    .tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.number().int().positive(), z.number().int().min(0)])
    .nullable(),
});
export type CoverageCursor = z.infer<typeof cursorShape>;

export const encodeCoverageCursor = (c: CoverageCursor) => Buffer.from(JSON.stringify(c)).toString("base64url");
export function decodeCoverageCursor(raw: string): CoverageCursor | undefined {
  try {
    const parsed = cursorShape.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return parsed.success && (parsed.data.r || parsed.data.m) ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface CoverageOptions {
  limit?: number;
  cursor?: CoverageCursor | undefined;
}

/** One page of a company's coverage; undefined for a company the list does not hold. */
export async function companyCoverage(
  db: Kysely<DB>,
  companies: readonly Company[],
  companyId: number,
  { limit = COVERAGE_PAGE, cursor }: CoverageOptions = {},
): Promise<CompanyCoverage | undefined> {
  const terms = companyTerms(companies, companyId);
  if (!terms) return undefined;
  const forms = terms.forms;
  const index = await coverageIndex(db, companies);
  const recapsNaming = index.list("recap", companyId);
  const episodesNaming = index.list("episode", companyId);
  const [recaps, moments] = await Promise.all([
    cursor && !cursor.r ? { items: [], last: null } : recapPage(db, forms, recapsNaming, cursor?.r ?? undefined, limit),
    cursor && !cursor.m
      ? { items: [], last: null }
      : momentPage(db, forms, episodesNaming, cursor?.m ?? undefined, limit),
  ]);
  return {
    company_id: companyId,
    recaps: recaps.items,
    moments: moments.items,
    totals: { recaps: recapsNaming.length, episodes: episodesNaming.length },
    next_cursor: recaps.last || moments.last ? encodeCoverageCursor({ r: recaps.last, m: moments.last }) : null,
  };
}

/**
 * How many recaps and episodes dated `from`–`to` (inclusive) name each company,
 * by id (companies named nowhere are left out). The Explorer's "most covered
 * this quarter": a quarter's content is small, so it is read whole and every
 * company is looked for in one pass over each text.
 */
export async function coverageCounts(
  db: Kysely<DB>,
  companies: readonly Company[],
  { from, to }: { from: string; to: string },
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const row of (await coverageIndex(db, companies)).all())
    if (row.date >= from && row.date <= to) for (const id of row.companies) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * This quarter's counts (the calendar quarter holding `today`, a UTC date) as the Explorer's
 * loader sends them. A quarter with no coverage yet (its first days, or a hub that stopped
 * publishing, like the demo as it ages) gives the latest quarter that has some, named, with
 * `current: false`, so the order still means something and the page says which quarter it is.
 */
export async function quarterCoverage(
  db: Kysely<DB>,
  companies: readonly Company[],
  today = new Date().toISOString().slice(0, 10),
): Promise<{ quarter: string; current: boolean; counts: Record<number, number> }> {
  const quarter = quarterOf(today);
  const counts = await coverageCounts(db, companies, quarter);
  if (counts.size > 0) return { quarter: quarter.label, current: true, counts: Object.fromEntries(counts) };
  let latest = "";
  for (const row of (await coverageIndex(db, companies)).all())
    if (row.companies.length > 0 && row.date < quarter.from && row.date > latest) latest = row.date;
  if (!latest) return { quarter: quarter.label, current: true, counts: {} };
  const earlier = quarterOf(latest);
  return {
    quarter: earlier.label,
    current: false,
    counts: Object.fromEntries(await coverageCounts(db, companies, earlier)),
  };
}

/** The rows after the keyset (date, id) in newest-first order; with `inclusive`, the row at it too. */
function from<T extends Mentioning>(rows: T[], [date, id]: readonly [string, number], inclusive = false): T[] {
  const at = rows.findIndex((r) => r.date < date || (r.date === date && (inclusive ? r.id <= id : r.id < id)));
  return at < 0 ? [] : rows.slice(at);
}

async function recapPage(
  db: Kysely<DB>,
  forms: Forms,
  naming: Mentioning[],
  start: readonly [string, number] | undefined,
  limit: number,
): Promise<{ items: CoverageRecap[]; last: [string, number] | null }> {
  const rest = start ? from(naming, start) : naming;
  const page = rest.slice(0, limit);
  const rows = page.length
    ? await db
        .selectFrom("weekly_summaries")
        .select(["id", "date", "headline", "content", "snippets", "tags"])
        .where(
          "id",
          "in",
          page.map((r) => r.id),
        )
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  // A row deleted since the index read it is left out.
  const items = page.flatMap((r) => (byId.has(r.id) ? [recapItem(byId.get(r.id)!, forms)] : []));
  const lastShown = page.at(-1);
  return { items, last: rest.length > limit && lastShown ? [lastShown.date, lastShown.id] : null };
}

interface RecapRow {
  id: number;
  date: string;
  headline: string;
  content: string;
  snippets: string | null;
  tags: string | null;
}

function recapItem(row: RecapRow, forms: Forms): CoverageRecap {
  const fields = [row.headline, plainText(row.content), row.snippets ?? "", tagsFromColumn(row.tags).join(" · ")];
  const hits = fields.map((text) => firstForm(forms, text));
  // The snippet shows the name in the recap's words; the headline is shown anyway.
  const at = [1, 2, 3, 0].find((i) => hits[i]) ?? 0;
  const hit = hits[at] ?? hits.find(Boolean);
  return {
    id: row.id,
    date: String(row.date).slice(0, 10),
    headline: row.headline,
    url: `/recap/${row.id}`,
    term: hit?.term ?? forms[0]!.term,
    snippet: snippetAround(fields[at]!, hit?.form ?? forms[0]!.form),
  };
}

interface EpisodeRow {
  id: number;
  date: string;
  title: string;
  weekly_daily: "daily" | "weekly";
  transcript: string | null;
}

/**
 * A page of moments after `start` (the last moment shown: its episode's date
 * and id and its cue's place). Transcripts are read a page of episodes at a
 * time until the page is full: most episodes that name a company name it in several cues.
 */
async function momentPage(
  db: Kysely<DB>,
  forms: Forms,
  naming: Mentioning[],
  start: readonly [string, number, number] | undefined,
  limit: number,
): Promise<{ items: CoverageMoment[]; last: [string, number, number] | null }> {
  const found: Array<{ moment: CoverageMoment; cue: number }> = [];
  const rest = start ? from(naming, [start[0], start[1]], true) : naming;
  for (let i = 0; i < rest.length && found.length <= limit; i += limit + 1) {
    const batch = rest.slice(i, i + limit + 1);
    const rows = await db
      .selectFrom("podcast_episodes")
      .select(["id", "date", "title", "weekly_daily", "transcript"])
      .where(
        "id",
        "in",
        batch.map((r) => r.id),
      )
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { id } of batch) {
      const row = byId.get(id);
      if (!row) continue;
      const skipTo = start && id === start[1] ? start[2] + 1 : 0;
      found.push(...momentsIn(row, forms).filter((m) => m.cue >= skipTo));
    }
  }
  const shown = found.slice(0, limit);
  const lastShown = shown.at(-1);
  return {
    items: shown.map((m) => m.moment),
    last:
      found.length > limit && lastShown ? [lastShown.moment.date, lastShown.moment.episode_id, lastShown.cue] : null,
  };
}

/** The cues of an episode's transcript that name the company (an untimed transcript: one moment, no second). */
function momentsIn(row: EpisodeRow, forms: Forms): Array<{ moment: CoverageMoment; cue: number }> {
  if (!row.transcript) return [];
  let transcript;
  try {
    transcript = parseTranscript(row.transcript);
  } catch {
    return [];
  }
  const moment = (text: string, seconds: number | null, cue: number) => {
    const hit = firstForm(forms, text);
    if (!hit) return [];
    return [
      {
        cue,
        moment: {
          episode_id: row.id,
          date: String(row.date).slice(0, 10),
          title: row.title,
          series: row.weekly_daily,
          seconds,
          url: episodePath(row.id, seconds ?? undefined),
          term: hit.term,
          snippet: snippetAround(text, hit.form),
        },
      },
    ];
  };
  if (transcript.kind === "plain") return moment(transcript.text, null, 0);
  return transcript.cues.flatMap((cue, i) => moment(cue.text, Math.floor(cue.start), i));
}

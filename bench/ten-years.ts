// Ten years of a trade publication, made up: 5,000 weekly recaps (about 2.5 KB of
// markdown each), 2,000 episodes in both series (each with a five-minute transcript
// and chapters) and 5,000 comments on one recap,
// written straight into a migrated database. Every item says it is sample content.
// The text is generated from a fixed seed, so every run measures the same bytes.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "#server/db/schema.ts";
import { chaptersJson } from "#server/media/chapter-format.ts";
import { toVtt } from "#common/podcast/transcript-format.ts";

export interface TenYearsCounts {
  recaps: number;
  episodes: number;
  comments: number;
}

export const TEN_YEARS: TenYearsCounts = { recaps: 5000, episodes: 2000, comments: 5000 };

/** mulberry32: a small, fast, seeded generator; enough to vary made-up text. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUBJECTS = [
  "Tequila",
  "Bourbon",
  "RTD cocktails",
  "Non-alcoholic spirits",
  "Irish whiskey",
  "Mezcal",
  "Vodka",
  "Canned wine",
  "Rum",
  "Gin",
  "Cognac",
  "Hard seltzer",
  "Japanese whisky",
  "Amaro",
  "Sake",
];
const VERBS = [
  "gains shelf space",
  "slows in chains",
  "leads on-premise growth",
  "faces tariff pressure",
  "tops holiday resets",
  "loses depletions",
  "wins new distribution",
  "sees price cuts",
  "draws new investment",
  "returns to growth",
];
const PLACES = [
  "New York",
  "Texas",
  "California",
  "Florida",
  "Illinois",
  "Georgia",
  "Ohio",
  "Washington",
  "Colorado",
  "New Jersey",
  "the Midwest",
  "the Southeast",
];
const PLAYERS = [
  "Southern Glazer's",
  "RNDC",
  "Breakthru Beverage",
  "Diageo",
  "Pernod Ricard",
  "Bacardi",
  "Brown-Forman",
  "Constellation Brands",
  "Sazerac",
  "Beam Suntory",
  "Campari",
  "Heaven Hill",
];
const WORDS = (
  "distributor depletions shipments pricing premium value consumer retail chain independent on-premise off-premise bar restaurant menu " +
  "allocation inventory portfolio brand launch extension category share volume dollar case velocity promotion feature display season " +
  "buyer margin supplier route market state control franchise tariff duty excise import export barrel aged blanco reposado anejo"
).split(" ");

function sentence(rand: () => number, words = 14): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const parts = Array.from({ length: words }, () => pick(WORDS));
  parts.splice(2, 0, pick(PLAYERS));
  parts.splice(7, 0, pick(PLACES));
  const text = parts.join(" ");
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(rand: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(rand, 10 + Math.floor(rand() * 10))).join(" ");
}

export function makeRecap(index: number, rand: () => number, start: Date) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const date = new Date(start.getTime() - index * 7 * 86_400_000).toISOString().slice(0, 10);
  const subject = pick(SUBJECTS);
  const headline = `Sample: ${subject} ${pick(VERBS)} in ${pick(PLACES)} (week ${5000 - index})`;
  const content = [
    "> Sample content generated for the ten-year scale test.",
    `## The week in ${subject}`,
    paragraph(rand, 5),
    "## Distributors",
    `- ${sentence(rand)}\n- ${sentence(rand)}\n- ${sentence(rand)}`,
    "## What to watch",
    paragraph(rand, 4),
    "### Numbers",
    paragraph(rand, 3),
  ].join("\n\n");
  return {
    date,
    headline,
    content,
    snippets: rand() < 0.7 ? paragraph(rand, 2) : null,
    tags: JSON.stringify(["Sample content", subject, pick(PLACES)]),
    blog_image: null,
  };
}

async function inBatches<T>(rows: T[], size: number, write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** Writes the ten years into `db` (already migrated, usually seeded with the demo); returns the id of the recap with the comments. */
export async function fillTenYears(
  db: Kysely<DB>,
  counts: TenYearsCounts = TEN_YEARS,
): Promise<{ commentedRecapId: number }> {
  const rand = seeded(20261122);
  // Older than the demo content, so the demo stays on top.
  const start = new Date("2026-09-11T00:00:00Z");
  const recaps = Array.from({ length: counts.recaps }, (_, i) => makeRecap(i, rand, start));
  await inBatches(recaps, 200, (batch) => db.insertInto("weekly_summaries").values(batch).execute());

  const episodes = Array.from({ length: counts.episodes }, (_, i) => {
    const weekly = i % 5 === 4;
    const date = new Date(start.getTime() - Math.floor(i * 1.46) * 86_400_000).toISOString().slice(0, 10);
    return {
      date,
      title: `Sample: ${weekly ? "The Weekly Pour" : "The Daily Shot"} #${counts.episodes - i}: ${SUBJECTS[i % SUBJECTS.length]} ${VERBS[i % VERBS.length]}`,
      description: `Sample episode for the ten-year scale test. ${paragraph(rand, 2)}`,
      mp3_file: "2026-11-20-daily-holiday-resets.mp3",
      weekly_daily: weekly ? ("weekly" as const) : ("daily" as const),
      duration_seconds: weekly ? 1800 + Math.floor(rand() * 1200) : 240 + Math.floor(rand() * 240),
      byte_size: 4_000_000 + Math.floor(rand() * 20_000_000),
      guid: randomUUID(),
      // Episodes have topics as recaps do (issue 26).
      tags: JSON.stringify(["Sample content", SUBJECTS[i % SUBJECTS.length]]),
      // A five-minute transcript (60 cues of about 15 words): what the page, search and feeds carry per episode.
      transcript: toVtt(
        Array.from({ length: 60 }, (_, k) => ({
          start: k * 5,
          end: k * 5 + 4.8,
          text: sentence(rand, 12 + Math.floor(rand() * 6)),
        })),
      ),
      chapters: chaptersJson([
        { startTime: 0, title: "Opening" },
        { startTime: 60, title: SUBJECTS[i % SUBJECTS.length]! },
      ]),
    };
  });
  await inBatches(episodes, 200, (batch) => db.insertInto("podcast_episodes").values(batch).execute());

  const newest = await db
    .selectFrom("weekly_summaries")
    .select("id")
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const base = Date.parse("2026-11-20T12:00:00Z");
  const comments = Array.from({ length: counts.comments }, (_, i) => ({
    id: randomUUID(),
    recap_id: newest.id,
    author_name: `Sample reader ${i % 300}`,
    comment_text: sentence(rand, 8 + Math.floor(rand() * 30)),
    status: "visible" as const,
    client_address: null,
    created_at: new Date(base + i * 60_000).toISOString(),
  }));
  await inBatches(comments, 200, (batch) => db.insertInto("recap_comments").values(batch).execute());
  return { commentedRecapId: newest.id };
}

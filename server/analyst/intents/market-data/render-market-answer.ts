import type { Sales } from "../../../market/market-figures.server.ts";
import {
  heldSpan,
  measured,
  periodOf,
  resolveSubject,
  yearLabel,
  yearsHeld,
  yearToDate,
  type Measured,
  type Resolved,
  type YearRead,
} from "./market-evidence.ts";
import { change, dollars, liters, listed, monthName, ordinal, percent } from "./market-format.ts";
import type { MarketFigures } from "./market-lookup.ts";
import type { MarketQuery } from "./market-query.ts";

// The answer to a query on the market figures: a one-sentence verdict first, then the evidence (a
// small table), then the source (publisher, how current, what the figures are) and the pages.

/** A label inside a sentence: "vodka", "cocktails and RTD", but "RTD" as it is. */
const inText = (label: string) =>
  /^\p{Lu}\p{Lu}/u.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
const possessive = (label: string) => (label.endsWith("s") ? `${label}'` : `${label}'s`);

const amountOf = (s: Sales, measure: MarketQuery["measure"]) =>
  measure === "liters" ? liters(s.liters) : dollars(s.dollars);
const otherAmount = (s: Sales, measure: MarketQuery["measure"]) =>
  measure === "liters" ? dollars(s.dollars) : liters(s.liters);
const changeOf = (m: Measured, measure: MarketQuery["measure"]) =>
  change(measure === "liters" ? m.liters : m.dollars, measure === "liters" ? m.previous?.liters : m.previous?.dollars);
const growthOf = (m: Measured, measure: MarketQuery["measure"]) => {
  const before = measure === "liters" ? m.previous?.liters : m.previous?.dollars;
  return before ? ((measure === "liters" ? m.liters : m.dollars) - before) / before : undefined;
};
/** "on 2018", or "on the same months of 2019" for a year held in part. */
const onBefore = (at: YearRead) =>
  at.only
    ? `on ${yearLabel({ ...at, year: at.year - 1 })}`
    : at.months === 12
      ? `on ${at.year - 1}`
      : `on the same months of ${at.year - 1}`;
const verb = (changed: string | undefined) =>
  changed?.startsWith("up") ? "grew" : changed?.startsWith("down") ? "fell" : "held steady";

/** A page of the figures: a family's, or the overview's. */
const familyLink = (r: Pick<Resolved, "family">) => `[${r.family.label} in Iowa](/data/${r.family.slug})`;
const OVERVIEW_LINK = "[All spirits in Iowa](/data)";

/** The source, as every answer from the figures gives it: publisher, how current, what the figures are and are not. */
export function sourceLine(figures: MarketFigures): string {
  const s = figures.source;
  return `Source: ${s.title}, ${s.publisher}, monthly to ${monthName(figures.asOf)}. ${s.meaning} ${s.caveats.split(/(?<=\.)\s/)[0]}`;
}

const cells = (m: Measured) => [
  dollars(m.dollars),
  change(m.dollars, m.previous?.dollars) ?? "",
  liters(m.liters),
  change(m.liters, m.previous?.liters) ?? "",
  percent(m.share),
];
const HEAD = "| Dollars | Change | Liters | Change | Share of spirits' dollars |";
const RULE = "|---|---|---|---|---|";

/** Every year held of one series, the latest in part, with its change and share. */
function yearsTable(figures: MarketFigures, r: Resolved, from?: number): string[] {
  const rows = yearsHeld(figures)
    .filter((y) => from === undefined || y.year >= from)
    .map((y) => `| ${yearLabel(y)} | ${cells(measured(r.months, figures, y)).join(" | ")} |`);
  return [`| Year ${HEAD}`, `|---${RULE}`, ...rows];
}

/** The state's categories inside a family (or a part of one) in a year, largest first. */
function categoriesTable(figures: MarketFigures, r: Resolved, at: YearRead): string[] {
  const held = figures.families.get(r.family.slug)!;
  const names = r.categories.length ? r.categories : [...held.categories.keys()];
  const whole = measured(held.months, figures, at);
  const rows = names
    .map((name) => ({ name, m: measured(held.categories.get(name)!, figures, at) }))
    .filter((c) => c.m.dollars > 0)
    .sort((a, b) => b.m.dollars - a.m.dollars)
    .map(
      ({ name, m }) =>
        `| ${name} | ${dollars(m.dollars)} | ${change(m.dollars, m.previous?.dollars) ?? ""} | ${liters(m.liters)} | ${percent(whole.dollars ? m.dollars / whole.dollars : 0)} |`,
    );
  return rows.length
    ? [
        `**The state's ${r.categories.length ? `${inText(r.label)} categories` : "categories"} in ${inText(r.family.label)}, ${yearLabel(at)}**`,
        "",
        `| Category | Dollars | Change | Liters | Share of ${inText(r.family.label)} |`,
        "|---|---|---|---|---|",
        ...rows,
        "",
      ]
    : [];
}

/** A series' months of one year, each against the same month a year before. */
function monthsTable(figures: MarketFigures, r: Resolved, year: number): string[] {
  const rows = [...r.months]
    .filter(([period]) => period.startsWith(`${year}-`))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([period, s]) => {
      const before = r.months.get(`${year - 1}${period.slice(4)}`);
      return `| ${monthName(period)} | ${dollars(s.dollars)} | ${change(s.dollars, before?.dollars) ?? ""} | ${liters(s.liters)} | ${change(s.liters, before?.liters) ?? ""} |`;
    });
  return rows.length
    ? [
        `**${r.label} in Iowa by month, ${year}** (each month against the same month a year before)`,
        "",
        "| Month | Dollars | Change | Liters | Change |",
        "|---|---|---|---|---|",
        ...rows,
        "",
      ]
    : [];
}

/** The counties that grew fastest, for each family asked about, when the figures hold counties; else that they are statewide. */
function countiesBlock(figures: MarketFigures, rs: Resolved[]): string[] {
  const families = [...new Map(rs.map((r) => [r.family.slug, r.family])).values()];
  const held = families.map((family) => ({ family, counties: figures.families.get(family.slug)?.counties ?? [] }));
  if (!held.some((h) => h.counties.length))
    return [
      `These figures are statewide: no county figures have been imported (a full import of the state's file has them, by county).`,
      "",
    ];
  return held.flatMap(({ family, counties }) => [
    `**Counties whose ${inText(family.label)} purchases grew fastest in ${figures.latestFull}** (of those with at least $10,000 the year before)`,
    "",
    "| County | Dollars | Year before | Change |",
    "|---|---|---|---|",
    ...counties.map(
      (c) => `| ${c.county} | ${dollars(c.dollars)} | ${dollars(c.previous)} | ${change(c.dollars, c.previous)} |`,
    ),
    "",
  ]);
}

/**
 * A part of a family in the state's terms, with its figures: "Bourbon here is the state's categories
 * “straight bourbon whiskies” and …, in whiskey: $24.6 million in 2019, up 11.3% on 2018." The state
 * has renamed and merged categories over the years, so a part is read beside its family, not instead.
 */
function partNote(
  figures: MarketFigures,
  r: Resolved,
  at: YearRead,
  measure: MarketQuery["measure"],
): string | undefined {
  if (r.asFamily)
    return `The state lists no category for ${inText(r.label)}: it is counted in ${inText(r.family.label)}, whose figures these are.`;
  if (!r.categories.length) return undefined;
  const what = `the state's ${r.categories.length > 1 ? "categories" : "category"} ${listed(r.categories.map((c) => `“${c}”`))}, counted in ${inText(r.family.label)}`;
  const m = measured(r.months, figures, at);
  if (m.dollars > 0 || m.liters > 0) return `${r.label} here is ${what}: ${yearWords(m, at, measure)}.`;
  const last = yearsHeld(figures)
    .map((y) => ({ y, m: measured(r.months, figures, y) }))
    .filter((x) => x.m.dollars > 0 || x.m.liters > 0)
    .at(-1);
  return `${r.label} here is ${what}, which shows no purchases in ${yearLabel(at)}${last ? `; its last were in ${yearLabel(last.y)}: ${amountOf(last.m, measure)}` : ""}.`;
}

/** One subject's year in a sentence's words: "$21.7 million in 2019, up 9.2% on 2018". */
function yearWords(m: Measured, at: YearRead, measure: MarketQuery["measure"]): string {
  const changed = changeOf(m, measure);
  return `${amountOf(m, measure)} in ${yearLabel(at)}${changed ? `, ${changed} ${onBefore(at)}` : ""}`;
}

function trendLines(query: MarketQuery, figures: MarketFigures, r: Resolved, at: YearRead, from?: YearRead): string[] {
  const m = measured(r.months, figures, at);
  const changed = changeOf(m, query.measure);
  const label = r.asFamily ? r.family.label : r.label;
  const byVolume = query.measure === "liters" ? " by volume" : "";
  const other = `${otherAmount(m, query.measure)}${changeOf(m, query.measure === "liters" ? "dollars" : "liters") ? `, ${changeOf(m, query.measure === "liters" ? "dollars" : "liters")}` : ""}`;
  const lines: string[] = [];
  if (from && from.year < at.year) {
    const start = measured(r.months, figures, from);
    const spanChange = change(
      query.measure === "liters" ? m.liters : m.dollars,
      query.measure === "liters" ? start.liters : start.dollars,
    );
    lines.push(
      `${label} ${verb(spanChange)}${byVolume} in Iowa from ${amountOf(start, query.measure)} in ${from.year} to ${amountOf(m, query.measure)} in ${yearLabel(at)}${spanChange && at.months === 12 ? `, ${spanChange} over the span` : ""}; ${at.year}${at.months === 12 ? "" : " so far"} was ${changed ?? "not comparable"} ${onBefore(at)}.`,
    );
  } else
    lines.push(
      `${label} ${verb(changed)}${byVolume} in Iowa in ${yearLabel(at)}: ${amountOf(m, query.measure)}${changed ? `, ${changed} ${onBefore(at)}` : ""} (${other}), ${percent(m.share)} of all spirits' dollars.`,
    );
  // The year so far, beside a full year the reader did not pick ("how is tequila doing?").
  const ytd = query.year === undefined || query.year !== at.year ? yearToDate(figures, at) : undefined;
  if (ytd) {
    const now = measured(r.months, figures, ytd);
    const sofar = changeOf(now, query.measure);
    lines.push(`In ${yearLabel(ytd)}: ${amountOf(now, query.measure)}${sofar ? `, ${sofar} ${onBefore(ytd)}` : ""}.`);
  }
  return [lines.join(" ")];
}

function amountLines(query: MarketQuery, figures: MarketFigures, r: Resolved, at: YearRead): string[] {
  const m = measured(r.months, figures, at);
  const changed = changeOf(m, query.measure);
  const label = inText(r.asFamily ? r.family.label : r.label);
  return [
    `Iowa's retailers bought ${amountOf(m, query.measure)} of ${label} from the state in ${yearLabel(at)} (${otherAmount(m, query.measure)})${changed ? `, ${changed} ${onBefore(at)}` : ""}.`,
  ];
}

function shareLines(query: MarketQuery, figures: MarketFigures, r: Resolved, at: YearRead): string[] {
  const m = measured(r.months, figures, at);
  const total = measured(figures.all, figures, at);
  const label = r.asFamily ? r.family.label : r.label;
  const lead =
    query.measure === "liters"
      ? `${label} was ${percent(m.shareLiters)} of all spirits' liters in Iowa in ${yearLabel(at)}: ${liters(m.liters)} of ${liters(total.liters)}.`
      : `${label} was ${percent(m.share)} of all spirits sales in Iowa in ${yearLabel(at)}: ${dollars(m.dollars)} of ${dollars(total.dollars)}.`;
  const before = yearsHeld(figures).find((y) => y.year === at.year - 1);
  const previous = before ? measured(r.months, figures, { ...at, year: at.year - 1 }) : undefined;
  const was = previous ? (query.measure === "liters" ? previous.shareLiters : previous.share) : undefined;
  return [`${lead}${was !== undefined ? ` A year before it was ${percent(was)}.` : ""}`];
}

/** Subjects side by side: who grew faster, who is bigger. */
function compareLines(query: MarketQuery, figures: MarketFigures, rs: Resolved[], at: YearRead): string[] {
  const ms = rs.map((r) => ({ r, m: measured(r.months, figures, at) }));
  const size = (x: (typeof ms)[number]) => (query.measure === "liters" ? x.m.liters : x.m.dollars);
  const growth = (x: (typeof ms)[number]) => growthOf(x.m, query.measure) ?? -Infinity;
  const name = (x: (typeof ms)[number]) => (x.r.asFamily ? x.r.family.label : x.r.label);
  const sentences: string[] = [];
  if (query.basis !== "size") {
    const order = [...ms].sort((a, b) => growth(b) - growth(a));
    const [first, ...rest] = order;
    const faster =
      growth(first!) > 0
        ? rs.length > 2
          ? "grew fastest"
          : "grew faster"
        : rs.length > 2
          ? "fell least"
          : "fell less";
    const against = rest.map(
      (x) => `${inText(possessive(name(x)))} ${changeOf(x.m, query.measure) ?? "no change to compare"}`,
    );
    sentences.push(
      `${name(first!)} ${faster}${query.measure === "liters" ? " by volume" : ""} in ${yearLabel(at)}: ${changeOf(first!.m, query.measure) ?? "no year before"} to ${amountOf(first!.m, query.measure)}, against ${listed(against)}.`,
    );
  }
  if (query.basis !== "growth") {
    const order = [...ms].sort((a, b) => size(b) - size(a));
    const [first, ...rest] = order;
    const more = rs.length > 2 ? "sold the most" : "sold more";
    sentences.push(
      `${name(first!)} ${more}${query.measure === "liters" ? " by volume" : ""}: ${amountOf(first!.m, query.measure)} in ${yearLabel(at)}, against ${listed(rest.map((x) => `${inText(possessive(name(x)))} ${amountOf(x.m, query.measure)}`))}.`,
    );
  }
  return [sentences.join(" ")];
}

function compareTable(figures: MarketFigures, rs: Resolved[], at: YearRead): string[] {
  return [
    `| ${yearLabel(at)} ${HEAD}`,
    `|---${RULE}`,
    ...rs.map(
      (r) => `| ${r.asFamily ? r.family.label : r.label} | ${cells(measured(r.months, figures, at)).join(" | ")} |`,
    ),
  ];
}

/** Every family held in a year, in the order asked. "Other spirits" and "Uncategorized" are buckets: listed, not ranked. */
function ranked(query: MarketQuery, figures: MarketFigures, at: YearRead) {
  const rows = [...figures.families.values()]
    .map((f) => ({ f, m: measured(f.months, figures, at) }))
    .filter((x) => x.m.dollars > 0 || x.m.liters > 0);
  const key = (x: (typeof rows)[number]) =>
    query.basis === "growth"
      ? (growthOf(x.m, query.measure) ?? -Infinity)
      : query.measure === "liters"
        ? x.m.liters
        : x.m.dollars;
  const named = rows
    .filter((x) => x.f.family.words.length > 0)
    .sort((a, b) => (query.reverse ? key(a) - key(b) : key(b) - key(a)));
  const buckets = rows.filter((x) => x.f.family.words.length === 0).sort((a, b) => key(b) - key(a));
  return { named, buckets };
}

function rankLines(query: MarketQuery, figures: MarketFigures, rs: Resolved[], at: YearRead): string[] {
  const { named, buckets } = ranked(query, figures, at);
  if (!named.length) return [];
  const by =
    query.basis === "growth"
      ? query.measure === "liters"
        ? " (change in liters)"
        : ""
      : query.measure === "liters"
        ? " by liters"
        : " by dollars";
  const describe = (x: (typeof named)[number]) =>
    query.basis === "growth"
      ? `${changeOf(x.m, query.measure) ?? "no year before"} to ${amountOf(x.m, query.measure)}`
      : `${amountOf(x.m, query.measure)}, ${percent(query.measure === "liters" ? x.m.shareLiters : x.m.share)} of all spirits' ${query.measure}`;
  const superlative =
    query.basis === "growth"
      ? query.reverse
        ? "grew slowest"
        : "grew fastest"
      : query.reverse
        ? "was the smallest category"
        : "was the biggest category";
  const lines: string[] = [];
  const count = query.count && query.count > 1 ? Math.min(query.count, named.length) : 0;
  if (count)
    lines.push(
      `The ${query.reverse ? "bottom" : "top"} ${count} categories${by} in Iowa in ${yearLabel(at)}: ${listed(named.slice(0, count).map((x) => `${inText(x.f.family.label)} (${describe(x)})`))}.`,
    );
  else {
    const first = named[0]!;
    const slowest = query.basis === "growth" && query.reverse && (growthOf(first.m, query.measure) ?? 0) < 0;
    lines.push(
      `${first.f.family.label} ${slowest ? "fell most" : superlative}${query.basis === "growth" ? "" : by} in Iowa in ${yearLabel(at)}: ${describe(first)}.`,
    );
  }
  // The places of the families the question names ("is tequila the fastest growing?").
  for (const r of rs) {
    const place = named.findIndex((x) => x.f.family.slug === r.family.slug);
    if (place < 0 || (place < Math.max(count, 1) && !r.subject.member)) continue;
    lines.push(
      `${r.family.label} ${r.subject.member ? `(where ${inText(r.label)} is counted) ` : ""}was ${ordinal(place + 1)} of ${named.length}: ${describe(named[place]!)}.`,
    );
  }
  // A bucket beyond the first of the order (grew faster, or fell further) is said beside it.
  const beyond = (b: (typeof buckets)[number]) =>
    key(b) !== -Infinity && (query.reverse ? key(b) < key(named[0]!) : key(b) > key(named[0]!));
  if (query.basis === "growth")
    for (const b of buckets.filter(beyond))
      lines.push(`(${b.f.family.label}, a bucket of what fits no family, ${changeOf(b.m, query.measure)}.)`);
  return [lines.join(" ")];

  function key(x: (typeof named)[number]) {
    return growthOf(x.m, query.measure) ?? -Infinity;
  }
}

function rankTable(query: MarketQuery, figures: MarketFigures, at: YearRead): string[] {
  const { named, buckets } = ranked(query, figures, at);
  return [
    `| # | Category, ${yearLabel(at)} ${HEAD}`,
    `|---|---${RULE}`,
    ...named.map((x, i) => `| ${i + 1} | ${x.f.family.label} | ${cells(x.m).join(" | ")} |`),
    ...buckets.map((x) => `| | ${x.f.family.label} | ${cells(x.m).join(" | ")} |`),
  ];
}

function overviewLines(query: MarketQuery, figures: MarketFigures, at: YearRead): string[] {
  const m = measured(figures.all, figures, at);
  const changed = changeOf(m, query.measure);
  const { named } = ranked({ ...query, basis: "size", reverse: false }, figures, at);
  const top = named[0];
  return [
    `Iowa's retailers bought ${amountOf(m, query.measure)} of spirits from the state in ${yearLabel(at)} (${otherAmount(m, query.measure)})${changed ? `, ${changed} ${onBefore(at)}` : ""}.${top ? ` ${top.f.family.label} was the biggest category, ${percent(top.m.share)} of the dollars.` : ""}`,
  ];
}

/** Years side by side for several families (deep research on a comparison or a ranking). */
function familiesByYear(
  figures: MarketFigures,
  rs: Array<Pick<Resolved, "label" | "months">>,
  measure: MarketQuery["measure"],
): string[] {
  const years = yearsHeld(figures);
  return [
    `**${measure === "liters" ? "Liters" : "Dollars"} by year**`,
    "",
    `| Year | ${rs.map((r) => r.label).join(" | ")} |`,
    `|---|${rs.map(() => "---|").join("")}`,
    ...years.map(
      (y) => `| ${yearLabel(y)} | ${rs.map((r) => amountOf(measured(r.months, figures, y), measure)).join(" | ")} |`,
    ),
    "",
  ];
}

/** Questions the figures answer next. */
function followUps(query: MarketQuery, rs: Resolved[], at: YearRead): string[] {
  const family = rs[0]?.family;
  const other = family?.slug === "vodka" ? "tequila" : "vodka";
  const out = family
    ? [
        query.kind === "share"
          ? `How is ${inText(family.label)} doing in Iowa?`
          : `What share of spirits sales is ${inText(family.label)}?`,
        `Which grew faster in ${at.year}, ${inText(family.label)} or ${other}?`,
        "Biggest category by liters",
      ]
    : [
        "How is tequila doing in Iowa?",
        `Which category grew fastest in ${at.year}?`,
        "What share of spirits sales is whiskey?",
      ];
  return ["", "**You could also ask**", "", ...out.map((q) => `- ${q}`)];
}

/**
 * The answer to a query from the figures. Deep research adds the categories inside a family, the
 * months of the latest year held and the counties; a comparison or a ranking, the families' years.
 */
export function marketAnswer(query: MarketQuery, figures: MarketFigures, deep: boolean): string {
  const resolved = query.subjects.map((s) => resolveSubject(figures, s));
  const rs = resolved.filter((r): r is Resolved => Boolean(r));
  const missing = query.subjects.filter((_, i) => !resolved[i]);
  const { at, note, from } = periodOf(query, figures);
  const lines: string[] = [];
  const lead: string[] = [];
  if (note) lead.push(note);
  if (missing.length)
    lead.push(
      `The figures hold no sales of ${listed(missing.map((s) => s.member ?? s.slug))} in Iowa${rs.length ? "" : ` in ${heldSpan(figures)}`}.`,
    );
  if (query.otherWords.length)
    lead.push(
      `The figures say nothing on ${listed(query.otherWords.map((w) => `“${w}”`))}: they are Iowa's statewide sales by category.`,
    );
  const kind =
    rs.length === 0 && query.kind !== "rank"
      ? "overview"
      : rs.length === 1 && query.kind === "compare"
        ? "trend"
        : query.kind;
  // A part of a family asked about alone is answered with its family's figures, the part beside them.
  const part = kind === "trend" || kind === "amount" || kind === "share" ? rs[0] : undefined;
  const single = part?.subject.member ? resolveSubject(figures, { slug: part.subject.slug }) : rs[0];
  const verdict =
    kind === "overview"
      ? overviewLines(query, figures, at)
      : kind === "rank"
        ? rankLines(query, figures, rs, at)
        : kind === "compare"
          ? compareLines(query, figures, rs, at)
          : kind === "share"
            ? shareLines(query, figures, single!, at)
            : kind === "amount"
              ? amountLines(query, figures, single!, at)
              : trendLines(query, figures, single!, at, from);
  lines.push([...lead, ...verdict].join(" "), "");
  for (const r of rs) {
    const note = partNote(figures, r, at, query.measure);
    if (note) lines.push(note, "");
  }

  if (kind === "overview" || kind === "rank") lines.push(...rankTable(query, figures, at), "");
  else if (kind === "compare") lines.push(...compareTable(figures, rs, at), "");
  else lines.push(...yearsTable(figures, single!, undefined), "");
  // A part of a family is set beside its family's figures and the categories it sums.
  if (part?.categories.length) lines.push(...categoriesTable(figures, part, at));

  if (query.monthly || at.only)
    for (const r of kind === "compare" ? rs : single ? [single] : []) lines.push(...monthsTable(figures, r, at.year));
  if (query.counties && rs.length) lines.push(...countiesBlock(figures, rs));
  if (query.counties && !rs.length)
    lines.push("These figures are statewide by category; a family's page lists its counties when they are held.", "");
  if (deep) {
    const latest = yearsHeld(figures).at(-1)!;
    if (kind === "compare") lines.push(...familiesByYear(figures, rs, query.measure));
    else if (kind === "rank" || kind === "overview") {
      const { named } = ranked({ ...query, basis: "size", reverse: false }, figures, at);
      lines.push(
        ...familiesByYear(
          figures,
          named.slice(0, 5).map((x) => ({ label: x.f.family.label, months: x.f.months })),
          query.measure,
        ),
      );
    }
    for (const r of kind === "compare" ? rs : single ? [single] : []) {
      if (!part?.categories.length) lines.push(...categoriesTable(figures, r, at));
      if (!query.monthly) lines.push(...monthsTable(figures, r, latest.year));
    }
    if (!query.counties && rs.length)
      lines.push(...countiesBlock(figures, single && kind !== "compare" ? [single] : rs));
  }

  lines.push(sourceLine(figures), "");
  const pages = [...new Map(rs.map((r) => [r.family.slug, familyLink(r)])).values(), OVERVIEW_LINK];
  lines.push(`The figures on the hub: ${listed(pages)}.`);
  lines.push(...followUps(query, rs, at));
  return lines.join("\n").trim();
}

/**
 * The figures beside an answer from the hub's coverage ("how's bourbon holding up?"): one sentence
 * per family named, the source and the page.
 */
export function marketBrief(query: MarketQuery, figures: MarketFigures): string {
  const rs = query.subjects.map((s) => resolveSubject(figures, s)).filter((r): r is Resolved => Boolean(r));
  if (!rs.length) return "";
  const { at } = periodOf({ ...query, year: undefined, from: undefined }, figures);
  const sentences = rs.map((r) => {
    const whole = r.subject.member ? resolveSubject(figures, { slug: r.subject.slug })! : r;
    const m = measured(whole.months, figures, at);
    const line = `${whole.family.label} in Iowa: ${yearWords(m, at, query.measure)}, ${percent(m.share)} of all spirits' dollars.`;
    const note = partNote(figures, r, at, query.measure);
    return note ? `${line} ${note}` : line;
  });
  const pages = [...new Map(rs.map((r) => [r.family.slug, familyLink(r)])).values()];
  return [
    "**In the hub's market data**",
    "",
    sentences.join(" "),
    "",
    `${sourceLine(figures)} More: ${listed([...pages, OVERVIEW_LINK])}.`,
  ].join("\n");
}

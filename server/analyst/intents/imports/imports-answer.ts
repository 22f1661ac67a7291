import { changeOf, changeText, dollars, monthName } from "#common/market/figure-format.ts";
import { HS2208_LABELS, importsPath, type ImportsTable } from "#common/records/import-figures.ts";
import type { ConversationContext } from "../../conversation-context.ts";
import { codeAsked, countryAsked, countryWords } from "./import-words.ts";

// "How much tequila did we import from Mexico last year?" (issue 41): answered from the Census's
// HS 2208 figures the hub holds, summed over the code and the country the question names.

/** The import figures for an answer; undefined until the Census file has been imported. Injected into the provider. */
export type ImportsLookup = () => Promise<ImportsTable | undefined>;

/**
 * The year a question asks: written out, or "last year", "this year" (`relative`, which the latest
 * year held answers when the Census has not published it yet); else the latest year held whole.
 */
function yearAsked(question: string, now: Date, table: ImportsTable): { year: number; relative: boolean } {
  const written = /\b(20\d\d|19\d\d)\b/.exec(question)?.[1];
  if (written) return { year: Number(written), relative: false };
  if (/\blast year\b/.test(question)) return { year: now.getUTCFullYear() - 1, relative: true };
  if (/\bthis year\b/.test(question)) return { year: now.getUTCFullYear(), relative: true };
  return { year: latestWhole(table), relative: false };
}
const latestWhole = (table: ImportsTable) => {
  const [y, m] = table.asOf.split("-").map(Number) as [number, number];
  return m === 12 ? y : y - 1;
};

type ImportsRead = NonNullable<ConversationContext["imports"]>;

/**
 * The answer to a question (folded, lower case) on imports, from the table, and what it read for the
 * next turn. A follow-up ("and Ireland?") keeps what the question before asked (`previous`) that it
 * does not name itself: the spirit, the country, a year written out.
 */
export function importsAnswer(
  question: string,
  table: ImportsTable,
  now: Date,
  previous: ImportsRead = {},
): { markdown: string; about: { companies: []; intents: []; topic: string; imports: ImportsRead } } {
  const names = [...new Set(table.rows.map((r) => r.country))];
  const code = codeAsked(question) ?? previous.code;
  const country =
    countryAsked(question, names) ??
    (previous.country && names.includes(previous.country) ? previous.country : undefined);
  const asked =
    previous.year !== undefined && !/\b(19|20)\d\d\b|\b(last|this) year\b/.test(question)
      ? { year: previous.year, relative: false }
      : yearAsked(question, now, table);
  const read: ImportsRead = {
    ...(code ? { code } : {}),
    ...(country ? { country } : {}),
    ...(asked.relative ? {} : { year: asked.year }),
  };
  const about = { companies: [] as [], intents: [] as [], topic: question.slice(-500), imports: read };
  return { markdown: importsText(), about };

  function importsText(): string {
    const what = code ? `${HS2208_LABELS[code]!.toLowerCase()} (HS ${code})` : "spirits (HS 2208)";
    const from = country ? `from ${countryWords(country)}` : "from every country";
    const kept = table.rows.filter((r) => (!code || r.code === code) && (!country || r.country === country));
    const ofYear = (y: number) => kept.filter((r) => r.period.startsWith(`${y}-`));
    const sum = (rows: typeof kept) => rows.reduce((a, r) => a + r.value, 0);
    const months = (rows: typeof kept) => [...new Set(rows.map((r) => r.period))].sort();
    const link = `[Spirits imports by country](${importsPath(code, table.rows.find((r) => r.country === country)?.countryCode)})`;
    const caveat =
      "General imports at customs value: at the border, before duties, freight, excise and markups." +
      (code === "220890" ? " HS 220890 holds tequila and mezcal with every other spirit not named elsewhere." : "");

    const heldFor = (y: number) => months(ofYear(y));
    const none = `The Census figures the hub holds run from ${monthName(table.first)} to ${monthName(table.asOf)}: none for ${asked.year}.`;
    // "Last year" before the Census has published it: the latest year held, saying so.
    const year = asked.relative && heldFor(asked.year).length === 0 ? latestWhole(table) : asked.year;
    const held = heldFor(year);
    if (held.length === 0) return [`**U.S. imports of ${what} ${from}, ${asked.year}**`, none, link].join("\n\n");
    const value = sum(ofYear(year));
    const partial =
      held.length < 12 ? ` (the ${held.length} months held, ${monthName(held[0]!)} to ${monthName(held.at(-1)!)})` : "";
    // The same months of the year before, so a part year is set against its like.
    const before = ofYear(year - 1).filter((r) => held.includes(`${year}-${r.period.slice(5)}`));
    const beforeMonths = months(before).length;
    const compared =
      beforeMonths === held.length && beforeMonths > 0
        ? `, ${changeText(changeOf(value, sum(before)))} on the same months of ${year - 1} (${dollars(sum(before))})`
        : "";
    return [
      `**U.S. imports of ${what} ${from}, ${year}**`,
      `${year === asked.year ? "" : `${none.slice(0, -1)}; ${year} is the latest year they hold. `}The United States imported ${dollars(value)} of ${what} ${from} in ${year}${partial}${compared}.`,
      `${caveat} Source: the U.S. Census Bureau's international trade figures. ${link}`,
    ].join("\n\n");
  }
}

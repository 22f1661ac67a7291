import type { Company } from "#common/content/company.ts";
import {
  FILED_MEASURE_LABELS,
  filedDollars,
  shortDay,
  type CompanyFilings,
  type FiledFigure,
  type FiledPeriod,
} from "#common/records/filed-figures.ts";

// "What were Brown-Forman's net sales last year?" (issue 41): a question on a listed company's
// figures is answered from its filings with the SEC as the hub holds them, each figure with the
// concept it was tagged with and a link to the filing.

/** A listed company's filed figures; undefined for a company that does not file. Injected into the provider. */
export type FilingsLookup = (company: Company) => Promise<CompanyFilings | undefined>;

/** "fiscal 2025", "FY25", "fy 2025", "in 2025": the year a fiscal year ends in. */
const YEAR_ASKED = /\b(?:fy\s?'?(\d{2})|(?:fiscal(?: year)?\s|in\s|for\s)?(20\d{2}))\b/;
/** A question on the latest quarter rather than a year. */
const QUARTER_ASKED = /\b(?:quarter|quarterly|10-?q|q[1-4])\b/;

function yearAsked(question: string): number | undefined {
  const m = YEAR_ASKED.exec(question);
  if (!m) return undefined;
  return m[1] ? 2000 + Number(m[1]) : Number(m[2]);
}

/** The period the same length a year before, if the filings hold it. */
function yearBefore(periods: FiledPeriod[], period: FiledPeriod): FiledPeriod | undefined {
  const end = Date.parse(period.end);
  return periods.find(
    (p) => p.kind === period.kind && Math.abs(end - Date.parse(p.end) - 365 * 86_400_000) <= 8 * 86_400_000,
  );
}

const headline = (period: FiledPeriod) =>
  period.figures.find((f) => f.measure === "net-sales") ?? period.figures.find((f) => f.measure === "revenue");

const filingLink = (f: FiledFigure) =>
  `[${f.filing.form} filed ${f.filing.filedOn}](${f.filing.url})${f.filing.amended ? " (amended)" : ""}`;

const line = (f: FiledFigure) =>
  `- **${FILED_MEASURE_LABELS[f.measure]}**: ${filedDollars(f.value)} (${f.taxonomy}:${f.concept}), ${filingLink(f)}`;

const periodWords = (p: FiledPeriod) => `the ${p.kind === "year" ? "fiscal year" : "quarter"} to ${shortDay(p.end)}`;

/**
 * The answer to a question (folded, lower case) on `company`'s filed figures; undefined when the
 * hub holds no filing of it, so the profile answers instead.
 */
export function filingsAnswer(company: Company, filings: CompanyFilings, question: string): string | undefined {
  const periods = filings.periods;
  const years = periods.filter((p) => p.kind === "year");
  if (!periods.length) return undefined;
  const wanted = yearAsked(question);
  const quarter = QUARTER_ASKED.test(question) ? periods.find((p) => p.kind === "quarter") : undefined;
  const asked = wanted === undefined ? undefined : years.find((p) => p.end.startsWith(String(wanted)));
  const chosen = quarter ?? asked ?? years[0] ?? periods[0]!;
  const who = filings.filer.of ?? company.name;
  const parts = [`**${company.name}: figures as filed with the SEC**`];
  if (wanted !== undefined && !asked && !quarter)
    parts.push(
      `The filings the hub holds have no fiscal year of ${who} ending in ${wanted}; the latest they hold is ${periodWords(chosen)}.`,
    );
  const lead = headline(chosen);
  if (lead) {
    const before = yearBefore(periods, chosen);
    const was = before?.figures.find((f) => f.measure === lead.measure);
    const change = was && was.value !== 0 ? ((lead.value - was.value) / Math.abs(was.value)) * 100 : undefined;
    const trend =
      change === undefined
        ? ""
        : `, ${change >= 0 ? "up" : "down"} ${Math.abs(change).toFixed(1)}% on ${filedDollars(was!.value)} a year before`;
    parts.push(
      `${filings.filer.of ? `${who}, ${company.name}'s parent,` : who} reported ${FILED_MEASURE_LABELS[lead.measure].toLowerCase()} of ${filedDollars(lead.value)} for ${periodWords(chosen)}${trend}.`,
    );
  }
  parts.push(chosen.figures.map(line).join("\n"));
  const latestQuarter = periods.find((p) => p.kind === "quarter");
  if (latestQuarter && latestQuarter !== chosen) {
    const q = headline(latestQuarter);
    if (q)
      parts.push(
        `Latest quarter, ${periodWords(latestQuarter)}: ${FILED_MEASURE_LABELS[q.measure].toLowerCase()} ${filedDollars(q.value)}, ${filingLink(q)}.`,
      );
  }
  parts.push(
    `Figures are the whole ${filings.filer.of ? "group's" : "company's"}, worldwide, in U.S. dollars, as tagged in the filings (EDGAR CIK ${filings.filer.cik}); a later filing of the same period replaces an earlier one. [The profile of ${company.name}](/explorer?company=${company.id}) lists its latest years.`,
  );
  return parts.join("\n\n");
}

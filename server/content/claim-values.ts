// Whether a claim's typed value says what the claim's text says (issue 40). Each check returns
// the mismatches it finds, one readable sentence each beginning with the field's name;
// company-record.ts puts the company's name in front and refuses the file on any of them.
import { MONTHS } from "#common/format/en-us-format.ts";
import {
  US_STATES,
  isStateCode,
  type CoverageValue,
  type EmployeesValue,
  type FigureQualifier,
  type FigureScope,
  type FoundedValue,
  type HeadquartersValue,
  type MoneyValue,
  type OwnershipValue,
  type SecFilerValue,
} from "#common/content/company-facts.ts";

interface Found {
  value: number;
  /** Where the figure starts in the text (its currency sign, for money). */
  index: number;
  raw: string;
}

/** Every number of a text as written: "19,000" and "19000" are 19000, "FY2024" holds 2024, "2.8" is 2.8. */
function numbersIn(text: string): Found[] {
  return [...text.matchAll(/\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?/g)].map((m) => ({
    value: Number(m[0].replace(/,/g, "")),
    index: m.index,
    raw: m[0],
  }));
}
const hasNumber = (text: string, n: number) => numbersIn(text).some((found) => found.value === n);
/** A year as a year: four digits, not part of "1,852". */
const hasYear = (text: string, year: number) => numbersIn(text).some((f) => f.raw === String(year));

/** How the words just before a figure state it: "More than", "About" or "~", "Nearly", or nothing. */
function qualifierBefore(text: string, index: number): FigureQualifier {
  const before = text.slice(0, index);
  if (/\b(?:more than|over)\s*$/i.test(before)) return "more-than";
  if (/(?:\b(?:about|around|approximately|roughly)\s*|~\s*)$/i.test(before)) return "about";
  if (/\b(?:nearly|almost|close to)\s*$/i.test(before)) return "nearly";
  return "exact";
}

const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
const CURRENCY_SIGNS: Record<string, MoneyValue["currency"]> = {
  $: "USD",
  US$: "USD",
  A$: "AUD",
  P$: "MXN",
  "€": "EUR",
  "£": "GBP",
};
const scaled = (digits: string, scale: string | undefined) =>
  Math.round(Number(digits.replace(/,/g, "")) * (scale ? SCALE[scale.toLowerCase()]! : 1));

interface MoneyFigure extends Found {
  currency: NonNullable<MoneyValue["currency"]>;
}
/** The money figures of a text in order: "$10.21 billion", "€5.862 billion", "~$26 billion", "A$448 million". */
function moneyIn(text: string): MoneyFigure[] {
  return [
    ...text.matchAll(
      /(US\$|A\$|P\$|\$|€|£)\s?(\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?)(?:\s(thousand|million|billion|trillion)\b)?/gi,
    ),
  ].map((m) => ({
    value: scaled(m[2]!, m[3]),
    index: m.index,
    raw: m[0],
    currency: CURRENCY_SIGNS[m[1]!.toUpperCase()]!,
  }));
}
/** The case volumes of a text in order: "12.2 million 9-liter cases", "18.8 million cases". */
function casesIn(text: string): Found[] {
  return [
    ...text.matchAll(
      /(\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?)(?:\s(thousand|million|billion)\b)?\s(?:9-liter\s|nine-liter\s)?cases\b/gi,
    ),
  ].map((m) => ({ value: scaled(m[1]!, m[2]), index: m.index, raw: m[0] }));
}

const quoted = (text: string) => `"${text}"`;

export function foundedProblems(value: FoundedValue, text: string): string[] {
  const problems: string[] = [];
  if (!hasYear(text, value.year)) problems.push(`founded year ${value.year} is not in its text ${quoted(text)}`);
  if (value.roots !== undefined) {
    if (!hasYear(text, value.roots)) problems.push(`founded roots ${value.roots} is not in its text ${quoted(text)}`);
    if (value.roots >= value.year)
      problems.push(`founded roots ${value.roots} is not before its year ${value.year}: roots are an older origin`);
  }
  const approximate = /^(?:about|around|circa|c\.)\s/i.test(text);
  if (value.approximate && !approximate)
    problems.push(`founded is marked approximate, but its text ${quoted(text)} gives the year as it is`);
  if (!value.approximate && approximate)
    problems.push(`founded text ${quoted(text)} gives an approximate year: mark the value "approximate": true`);
  return problems;
}

export function headquartersProblems(value: HeadquartersValue, text: string): string[] {
  if (!isStateCode(value.state)) return [`location state "${value.state}" is not a U.S. state code`];
  const typed = `${value.city}, ${value.state}`;
  return typed === text ? [] : [`location value "${typed}" does not equal its text ${quoted(text)}`];
}

/** A scope against what the text says: "us" needs "U.S." in it, and a "worldwide" figure is worldwide. */
function scopeProblems(field: string, scope: FigureScope, text: string): string[] {
  if (scope === "us" && !/\bU\.S\./.test(text))
    return [`${field} scope "us" needs its text to say U.S.: ${quoted(text)}`];
  if (scope !== "worldwide" && /\bworldwide\b/i.test(text))
    return [`${field} text ${quoted(text)} says worldwide, but the scope is "${scope}"`];
  return [];
}

export function employeesProblems(value: EmployeesValue, text: string): string[] {
  const problems: string[] = [];
  const figure = numbersIn(text).find((found) => found.value === value.count);
  if (!figure) problems.push(`employees count ${value.count} is not in its text ${quoted(text)}`);
  else {
    const stated = qualifierBefore(text, figure.index);
    if (stated !== value.qualifier)
      problems.push(
        `employees qualifier "${value.qualifier}" does not match its text ${quoted(text)}, which states "${stated}"`,
      );
  }
  if (value.year !== undefined && !hasYear(text, value.year))
    problems.push(`employees year ${value.year} is not in its text ${quoted(text)}`);
  problems.push(...scopeProblems("employees", value.scope, text));
  return problems;
}

const words = (s: string) => new RegExp(`(?<![\\w.])${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w])`);

export function ownershipProblems(value: OwnershipValue, text: string, undisclosed: boolean): string[] {
  const problems: string[] = [];
  const kindNeeds: Record<OwnershipValue["kind"], RegExp | undefined> = {
    public: /\bpublic company\b/i,
    subsidiary: /\b(?:subsidiary|division|part of|owned by)\b/i,
    family: /\b(?:family|families|generation)\b/i,
    private: /\bprivate(?:ly)?\b/i,
    "investment-firm": /\binvestment\b/i,
    undisclosed: undefined,
  };
  if ((value.kind === "undisclosed") !== undisclosed)
    problems.push(
      undisclosed
        ? `ownership text ${quoted(text)} says the owner is not disclosed: its kind is "undisclosed"`
        : `ownership kind "undisclosed" is only for a claim marked "undisclosed"`,
    );
  const needs = kindNeeds[value.kind];
  if (needs && !needs.test(text))
    problems.push(`ownership kind "${value.kind}" does not match its text ${quoted(text)}`);
  const hasParent = value.kind === "subsidiary" || value.kind === "investment-firm";
  if (hasParent && !value.parent)
    problems.push(`ownership kind "${value.kind}" needs its parent, as the text names it`);
  if (!hasParent && value.parent) problems.push(`ownership kind "${value.kind}" has no parent`);
  if (value.parent && !text.includes(value.parent))
    problems.push(`ownership parent "${value.parent}" is not in its text ${quoted(text)}`);
  if (value.kind === "public" && !value.listings)
    problems.push(`ownership kind "public" needs its listings, as the text gives them`);
  if (value.listings && value.kind !== "public" && value.kind !== "subsidiary")
    problems.push(`ownership kind "${value.kind}" has no listings`);
  for (const listing of value.listings ?? []) {
    const named = `${listing.exchange}${listing.ticker ? `: ${listing.ticker}` : ""}`;
    if (!text.includes(listing.exchange) || (listing.ticker && !words(listing.ticker).test(text)))
      problems.push(`ownership listing "${named}" is not in its text ${quoted(text)}`);
    if (listing.adr && !/\bADRs?\b/.test(text)) problems.push(`ownership listing "${named}" is not an ADR in its text`);
  }
  return problems;
}

/** "2024", "FY to 2025-02-28", "2024-Q4" or "2023-07 to 2023-12", each as the text says it. */
function periodProblem(field: string, period: string, text: string): string | undefined {
  const missing = `${field} period "${period}" is not the period its text gives the figure: ${quoted(text)}`;
  let m: RegExpMatchArray | null;
  if ((m = /^(\d{4})$/.exec(period))) return hasYear(text, Number(m[1])) ? undefined : missing;
  if ((m = /^FY to (\d{4})-(\d{2})-(\d{2})$/.exec(period)))
    return text.includes(`${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}`) ? undefined : missing;
  if ((m = /^(\d{4})-Q([1-4])$/.exec(period))) return text.includes(`Q${m[2]} ${m[1]}`) ? undefined : missing;
  if ((m = /^(\d{4})-(\d{2}) to (\d{4})-(\d{2})$/.exec(period))) {
    const [from, to] = [`${m[1]}-${m[2]}`, `${m[3]}-${m[4]}`];
    const named = [MONTHS[Number(m[2]) - 1], MONTHS[Number(m[4]) - 1]].every((month) => month && text.includes(month));
    return from <= to && named && hasYear(text, Number(m[1])) && hasYear(text, Number(m[3])) ? undefined : missing;
  }
  return `${field} period "${period}" is not a period: expected YYYY, "FY to YYYY-MM-DD", YYYY-Qn or "YYYY-MM to YYYY-MM"`;
}

const formatted = (n: number) => n.toLocaleString("en-US");

/** A sales or revenue value: the figure its text leads with, in the text's currency, or its case volume when it gives no money. */
export function moneyProblems(field: string, value: MoneyValue, text: string): string[] {
  const problems: string[] = [];
  const money = moneyIn(text);
  const lead = money[0] ?? casesIn(text)[0];
  if (value.amount !== undefined) {
    const figure = money[0];
    if (!figure) problems.push(`${field} text ${quoted(text)} gives no money figure for its amount`);
    else if (figure.value !== value.amount || figure.currency !== value.currency)
      problems.push(
        `${field} amount ${formatted(value.amount)} ${value.currency} does not match the figure its text leads with, ${figure.raw} (${formatted(figure.value)} ${figure.currency})`,
      );
  } else if (value.cases !== undefined) {
    const cases = casesIn(text)[0];
    if (money[0]) problems.push(`${field} text leads with ${money[0].raw}: its value is that amount, not cases`);
    else if (!cases) problems.push(`${field} text ${quoted(text)} gives no case volume`);
    else if (cases.value !== value.cases)
      problems.push(
        `${field} cases ${formatted(value.cases)} do not match its text's ${cases.raw} (${formatted(cases.value)})`,
      );
  }
  if (!lead) return problems;
  const stated = qualifierBefore(text, lead.index);
  const qualifier = value.qualifier ?? "exact";
  if (stated !== qualifier)
    problems.push(
      `${field} qualifier "${qualifier}" does not match its text ${quoted(text)}, which states "${stated}"`,
    );
  // What the text says of the figure it leads with is said in the figure's clause, up to the next ";":
  // "$10.21 billion net sales, fiscal year to February 28, 2025 (…); $9.96 billion in the fiscal year to February 29, 2024".
  const end = text.indexOf(";", lead.index);
  const clause = text.slice(lead.index, end === -1 ? undefined : end);
  const estimated = /\b(?:estimat|project)/i.test(clause);
  if (value.estimate && !estimated)
    problems.push(`${field} is marked an estimate, but its text does not call ${lead.raw} one: ${quoted(text)}`);
  if (!value.estimate && estimated)
    problems.push(`${field} text ${quoted(text)} calls the figure an estimate or projection: mark it "estimate": true`);
  const period = periodProblem(field, value.period, clause);
  if (period) problems.push(period);
  problems.push(...scopeProblems(field, value.scope, clause));
  return problems;
}

/** How a text may name a state: its name or its code ("Washington" is not "Washington, D.C.", "Virginia" not "West Virginia"). */
function namesState(text: string, code: keyof typeof US_STATES): boolean {
  if (new RegExp(`\\b${code}\\b`).test(text)) return true;
  if (code === "DC") return /\bD\.C\.|District of Columbia/.test(text);
  if (code === "WA") return /\bWashington\b(?!,? D\.C\.)/.test(text);
  if (code === "VA") return /(?<!West )\bVirginia\b/.test(text);
  return new RegExp(`\\b${US_STATES[code]}\\b`).test(text);
}

export function coverageProblems(value: CoverageValue, text: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const state of value.states) {
    if (seen.has(state)) problems.push(`coverage lists ${state} twice`);
    seen.add(state);
    if (!isStateCode(state)) problems.push(`coverage state "${state}" is not a U.S. state code`);
    else if (!namesState(text, state))
      problems.push(`coverage state ${state} (${US_STATES[state]}) is not named in its text ${quoted(text)}`);
  }
  if (value.count !== undefined && !hasNumber(text, value.count))
    problems.push(`coverage count ${value.count} is not in its text ${quoted(text)}`);
  if (value.states.length === 0 && value.count === undefined)
    problems.push(`coverage value names no state and no count: leave it out`);
  return problems;
}

/** "Files with the SEC as CIK 14693 (Form 10-K)": the key and the form are the text's. */
export function secFilerProblems(value: SecFilerValue, text: string): string[] {
  const problems: string[] = [];
  if (!new RegExp(`\\bCIK 0*${value.cik}\\b`).test(text))
    problems.push(`secFiler cik ${value.cik} is not in its text ${quoted(text)}`);
  if (!text.includes(`Form ${value.annualForm}`))
    problems.push(`secFiler annualForm ${value.annualForm} is not in its text ${quoted(text)}`);
  return problems;
}

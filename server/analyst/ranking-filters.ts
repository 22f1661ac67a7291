// What narrows or reorders a ranking question beyond its table and state: the category asked
// about ("wine and spirits wholesalers", "the beer suppliers"), a listing ("publicly traded"),
// and the measure it ranks by ("the most employees", "move the most cases", "dollar share",
// "how many states"). The Top Players table ranks whole businesses by revenue, beer, wine and
// spirits together, so a question ranked by anything else is answered from each company's own
// figure for it, quoted from its data, rather than with the table's order alone.
import type { Company } from "../content/companies.server.ts";
import { fold } from "#common/content/fold.ts";
import { SENTENCE_END } from "./hub-corpus.ts";
import { RANKING_WORDS } from "./lexicon/ranking-words.ts";
import { compileTemplates, templateSource } from "./lexicon/templates.ts";

export const CATEGORIES = ["beer", "wine", "spirits"] as const;
export type Category = (typeof CATEGORIES)[number];
export type Measure = keyof typeof RANKING_WORDS.measures;

const { listed: LISTED, measures: MEASURES } = RANKING_WORDS;
const LISTED_ASKED = compileTemplates(LISTED.templates);
// The measures in the order they are tried: "employees' share" ranks by headcount.
const MEASURES_ASKED = (Object.keys(MEASURES) as Measure[]).map((measure) => ({
  measure,
  asked: compileTemplates(MEASURES[measure]),
}));

// A spirit's own name asks for the spirits business ("the largest vodka maker").
const CATEGORY = Object.fromEntries(
  CATEGORIES.map((category) => {
    const { asked, describes } = RANKING_WORDS.categories[category];
    return [category, { asked: compileTemplates(asked), describes: compileTemplates(describes) }];
  }),
) as Record<Category, { asked: RegExp; describes: RegExp }>;

// "The #1 vodka", "the top tequila": a rank right before a kind of drink, with a word between at most.
const BRAND_RANK = new RegExp(
  String.raw`(?<!\w)(?:${RANKING_WORDS.brandRank.templates.map(templateSource).join("|")}) (?:(?!(?:${RANKING_WORDS.brandRank.notBetween.join("|")}) )[\w-]+ )?(?:${CATEGORIES.flatMap((c) => RANKING_WORDS.categories[c].asked.map(templateSource)).join("|")})(?!\w)`,
);

/** Whether a question ranks the brands of a kind of drink ("what's the #1 vodka?") rather than companies. */
export const ranksBrands = (question: string) => BRAND_RANK.test(fold(question));

/** The categories a ranking question narrows to ("wine & spirits" is both); none when it names none. */
export function categoriesAsked(question: string): Category[] {
  const q = fold(question);
  return CATEGORIES.filter((c) => CATEGORY[c].asked.test(q));
}

/**
 * The words a company is described by: its name, what it carries and its market position (the
 * first place a profile says what business it is in), not its history, where a beer house may
 * once have bought a wine business.
 */
const describedBy = (c: Company) => fold([c.name, ...c.keyBrands, c.profile?.marketPosition ?? ""].join(" "));

/** Whether a company is in one of the categories: its description names it. */
export function inCategories(company: Company, categories: Category[]): boolean {
  const text = describedBy(company);
  return categories.some((c) => CATEGORY[c].describes.test(text));
}

/** Whether a question asks only for listed companies ("publicly traded", "listed", "public companies"). */
export const asksListed = (question: string) => LISTED_ASKED.test(fold(question));

/** Whether a company is listed on a stock exchange itself (not through a parent), as its typed owner says. */
export const isListed = (company: Company) => company.facts?.ownership.kind === "public";

/** The measure a ranking question ranks by, when it is not the table's revenue. */
export function measureAsked(question: string): Measure | undefined {
  const q = fold(question);
  return MEASURES_ASKED.find(({ asked }) => asked.test(q))?.measure;
}

/** Whether a ranking question narrows or measures anything beyond its table and state. */
export const narrowsRanking = (question: string) =>
  categoriesAsked(question).length > 0 || asksListed(question) || measureAsked(question) !== undefined;

const sentencesOf = (text: string) =>
  text
    .split(SENTENCE_END)
    .map((s) => s.trim())
    .filter(Boolean);

/** Every statement the data makes about a company, its figures first. */
function statementsOf(c: Company): string[] {
  const p = c.profile;
  const prose = p ? [p.marketPosition, p.overview, p.strategy, p.recentDevelopments].join(" ") : "";
  // The basis of its rank often holds its volume ("more than 217 million cases a year").
  return [c.revenue, c.sales, c.coverage, p?.employees, c.claims?.rankBasis.text, ...sentencesOf(prose)].filter(
    (s): s is string => Boolean(s),
  );
}

const number = (text: string) => Number(text.replace(/,/g, ""));

// Each measure as the data writes it, with the number to rank by in its first group.
const MEASURE_FIGURE: Record<"cases" | "share", RegExp> = {
  cases: /\b(\d+(?:\.\d+)?) million (?:nine-liter |9-liter )?cases\b/i,
  share: /\b(\d+(?:\.\d+)?)%/,
};

/** A company's own figure for a measure, with the statement that gives it; none when its data has none. */
export function measureOf(c: Company, measure: Measure): { value: number; said: string } | undefined {
  // Headcount, states served and a volume given as the headline figure are typed values of the
  // company data; other volumes and shares are still read from what its profile says of them.
  if (measure === "employees") {
    const employees = c.facts?.employees;
    return employees && c.profile ? { value: employees.count, said: c.profile.employees } : undefined;
  }
  if (measure === "states") {
    const count = c.facts?.coverage?.count;
    return count !== undefined && c.coverage ? { value: count, said: c.coverage } : undefined;
  }
  const cases = measure === "cases" ? c.facts?.money?.cases : undefined;
  if (cases !== undefined && c.sales) return { value: cases / 1_000_000, said: c.sales };
  // A statement about one of its brands ("Its High Noon vodka seltzer became the No. 1 spirits brand
  // … 16.4 million cases") gives the brand's figure, not the company's.
  // Its own sales, revenue and rank claims are the company's, whatever brands they name.
  const claims = new Set([c.revenue, c.sales, c.claims?.rankBasis.text]);
  const ofBrand = (said: string) => {
    const text = fold(said);
    return !claims.has(said) && c.keyBrands.some((b) => text.includes(fold(b))) && !text.includes(fold(c.name));
  };
  for (const said of statementsOf(c).filter((s) => (measure !== "share" || /\bshare\b/i.test(s)) && !ofBrand(s))) {
    const m = MEASURE_FIGURE[measure].exec(said);
    if (m) return { value: number(m[1]!), said };
  }
  return undefined;
}

// A company that bought or sold a state's leader ("when it also owned Minnesota's largest beer
// distributor") does not claim the place itself.
const HELD_BY_ANOTHER = /\b(?:own|owns|owned|bought|buying|acquired|acquiring|sold|selling|merged with)\b/i;
// "One of New Jersey's two largest" shares the place: it claims no lead.
const SHARED_PLACE = /\bone of\b/i;

/**
 * A company's own claim to be the largest in a state, as its data says it ("described … as
 * Wisconsin's largest wine and spirits distributor"): the table ranks whole businesses nationally,
 * so within one state this claim is the better evidence of who leads there.
 */
export function stateLeadClaim(c: Company, stateName: string): string | undefined {
  const state = stateName.replace(/[.,]/g, "\\$&");
  // "New York City's largest" is the city's, not the state's.
  const claim = new RegExp(
    String.raw`\b${state}(?! City)'s (?:(?!two |three )\w+ )?(?:largest|biggest)\b|\b(?:largest|biggest)\b[^.;]* in ${state}\b(?! City)`,
    "i",
  );
  return statementsOf(c)
    .flatMap(sentencesOf)
    .find((s) => {
      const m = claim.exec(s);
      return m !== null && !HELD_BY_ANOTHER.test(s.slice(0, m.index)) && !SHARED_PLACE.test(s.slice(0, m.index));
    });
}

/** A state's rows with the companies that claim to lead it first, each group in its own order. */
export function stateLeadersFirst<Row extends { company: Company }>(rows: Row[], stateName: string): Row[] {
  const leads = rows.filter((r) => stateLeadClaim(r.company, stateName));
  return [...leads, ...rows.filter((r) => !leads.includes(r))];
}

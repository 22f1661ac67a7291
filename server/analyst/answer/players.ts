// The companies a topic's coverage is about: those its recaps and episodes name, and the makers of
// the kinds of drink it asks about. A research report places them with their figures.
import { COMPANIES, type Company } from "../../content/companies.server.ts";
import { fold } from "#common/content/fold.ts";
import { rankOf } from "../company-facts.ts";
import { brandOwners, namesIn } from "../company-names.ts";
import type { Passage } from "../hub-corpus.ts";
import type { Hit, HubIndex } from "../hub-index.ts";

const BRANDS = brandOwners(COMPANIES);

/**
 * The companies a report's recaps and episodes name, by name or by a brand they own, in the order
 * the coverage names them: "led by Southern Glazer's, RNDC and Breakthru", "Sazerac bought SVEDKA".
 * A research question about a topic wants these companies' figures, which only their profiles hold.
 */
export function companiesInCoverage(index: HubIndex, hits: Hit[]): Company[] {
  const ids: number[] = [];
  for (const h of hits) for (const id of namedIn(index, h.passage)) if (!ids.includes(id)) ids.push(id);
  return ids.map((id) => COMPANIES.find((c) => c.id === id)).filter((c): c is Company => Boolean(c));
}

// Reading a passage for every company and brand name is the slow part of a report; a passage's
// names never change, so each is read once.
const NAMED_IN = new WeakMap<Passage, number[]>();
export function namedIn(index: HubIndex, passage: Passage): number[] {
  let ids = NAMED_IN.get(passage);
  if (!ids) {
    const text = `${passage.section ?? ""} ${passage.text}`;
    ids = [index.aliases, BRANDS].flatMap((table) => namesIn(text, table).map((n) => n.id));
    NAMED_IN.set(passage, ids);
  }
  return ids;
}

// The drinks a report may ask about by their kind ("tariff risk on cognac and Scotch", "agave for
// the big suppliers"), each with the words its makers' profiles use for it.
const REPORT_KINDS: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/\b(?:cognac|brandy)\b/, /\b(?:cognac|brandy|hennessy|courvoisier)\b/g],
  [/\bscotch\b/, /\bscotch\b/g],
  [/\b(?:tequila|agave|mezcal)s?\b/, /\b(?:tequila|agave|mezcal)s?\b/g],
  [/\b(?:bourbon|rye|american whiske?y)s?\b/, /\b(?:bourbon|rye|american whiske?y)s?\b/g],
  [/\bvodkas?\b/, /\bvodkas?\b/g],
  [/\bgin\b/, /\bgin\b/g],
  [/\brums?\b/, /\brums?\b/g],
  [
    /\b(?:rtds?|canned cocktails?|ready[- ]to[- ]drink)\b/,
    /\b(?:rtds?|canned cocktails?|ready[- ]to[- ]drink|cocktails? in a can)\b/g,
  ],
  [/\b(?:hard )?seltzers?\b/, /\bseltzers?\b/g],
  [
    /\b(?:non[- ]?alc\w*|zero[- ]proof|no[- ]and[- ]low)\b/,
    /\b(?:non[- ]?alcoholic|zero[- ]proof|alcohol[- ]free|low[- ]abv)\b/g,
  ],
];

/**
 * The makers a report on a kind of drink should place: those whose profiles say the most about it
 * ("which suppliers are exposed to a duty on cognac" is who sells cognac), two for each kind asked.
 */
// What each maker's profile says, folded, read once: the words a kind of drink is counted in.
const MAKER_TEXTS = COMPANIES.filter((c) => c.type === "manufacturer").map((c) => ({
  c,
  text: fold(
    [
      c.keyBrands.join(" "),
      c.profile?.overview,
      c.profile?.marketPosition,
      c.profile?.strategy,
      c.profile?.recentDevelopments,
    ].join(" "),
  ),
}));

export function makersOf(question: string): Company[] {
  const q = fold(question);
  const out: Company[] = [];
  for (const [asked, said] of REPORT_KINDS) {
    if (!asked.test(q)) continue;
    const counted = MAKER_TEXTS.map(({ c, text }) => ({ c, n: text.match(said)?.length ?? 0 }))
      .filter((x) => x.n >= 2)
      .sort((a, b) => b.n - a.n || rankOf(a.c) - rankOf(b.c));
    for (const { c } of counted.slice(0, 2)) if (!out.includes(c)) out.push(c);
  }
  return out;
}

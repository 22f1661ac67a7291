// A turn of a conversation as the analyst reads it: which companies and facts it asks
// about, and what topic, with misspelt names put right and "they", "it", "that" taken
// from the turn before.
import { COMPANIES, type Company } from "../content/companies.server.ts";
import { fold } from "#common/content/fold.ts";
import { factIntents, rankingSubjects, readFactQuestion, type FactIntent, type FactRead } from "./company-facts.ts";
import { brandOwners, companiesNamed, namesIn, slotNames } from "./company-names.ts";
import type { ConversationContext } from "./conversation-context.ts";
import type { HubIndex } from "./hub-index.ts";
import { comparativeIn, type Comparative } from "./lexicon/comparatives.ts";
import { FOLLOW_UP_SHAPE, REFERS_BACK } from "./lexicon/turn-cues.ts";
import { measureAsked } from "./ranking-filters.ts";

const BRANDS = brandOwners(COMPANIES);
const byId = (id: number) => COMPANIES.find((c) => c.id === id);
const known = (ids: number[]) => ids.map(byId).filter((c): c is Company => Boolean(c));

// "And their key brands?", "what about Pernod?", "any podcast on that?": a turn that leans on the one
// before says so by the words of lexicon/turn-cues.json.

export interface Turn {
  /** The question with misspelt names and words put right. */
  text: string;
  companies: Company[];
  intents: FactIntent[];
  /** What the turn asks of the company data, read and not yet answered, when it asks for a fact the data holds. */
  read: FactRead | undefined;
  /** What to search the hub for: the question, with the last turn's topic when it refers back to it. */
  topic: string;
  /** The last turn's topic when this one leans on it ("who owns Patrón?" → "what did they pay for it?"), else "". */
  before: string;
  /** The companies the answer is about, for the next turn (a ranking's leader, a brand's owner). */
  subjects: Company[];
  /** Whether a company the turn is about comes from the turn before ("didn't they fall out with RNDC?"). */
  carried: boolean;
  /** The brands the turn asked about ("who owns Patrón?"): the next turn's "it" ("what did they pay for it?"). */
  brands: string[];
  /** Which of the companies has more or less of a measure, when the turn asks ("which is older?"). */
  comparative: Comparative | undefined;
}

/**
 * Of a question in several sentences, the one that asks a fact of the company data, when it names a
 * company or a brand itself and does not point back to another sentence's: "Suntory Global Spirits
 * sold Courvoisier to Campari in 2024; who owns Suntory Global Spirits itself?" asks of Suntory alone,
 * "I know Proximo sells Jose Cuervo; who is its parent company?" of what the first sentence names.
 * Otherwise the whole question.
 */
function askingClause(text: string, aliases: Map<string, number[]>): string {
  const sentences = text
    .split(SENTENCES)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  if (sentences.length < 2) return text;
  const asking = sentences.findLast((sentence) => factIntents(slotNames(sentence, aliases)).length > 0);
  const namesSomething = asking && (namesIn(asking, aliases).length > 0 || namesIn(asking, BRANDS).length > 0);
  return asking && namesSomething && !POINTS_BACK.test(fold(asking)) ? asking : text;
}

// Where a sentence of a question ends: after ";", "?" or "!", or a stop after a word of three letters
// or more before a capital ("…in 2024. Who owns…"); not after an initial or a short form ("J.J. Taylor").
const SENTENCES = /(?<=[;?!])\s+|(?<=(?<![\p{L}.])\p{L}{3,}\.)\s+(?=\p{Lu})/u;

// Words that point to what another sentence named.
const POINTS_BACK = /\b(?:it|its|they|them|their|theirs|this one|that one|these|those|the two|both)\b/;

/** A turn read in its conversation: the companies, facts and topic it asks about, and the answer from the company data when it has one. */
export function readTurn(index: HubIndex, question: string, context: ConversationContext): Turn {
  const text = index.correct(question);
  const q = fold(text).trim();
  // What a turn asks is read around the names it gives ("Heaven Hill Brands" asks nothing about brands).
  const slotted = slotNames(text, index.aliases);
  let intents = factIntents(slotted);
  // The sentence that asks the fact, when another sets the scene: its names are the question's.
  const asking = intents.length ? askingClause(text, index.aliases) : text;
  let companies = known(companiesNamed(asking, index.aliases));
  const refersBack = REFERS_BACK.test(q);
  const followUp = FOLLOW_UP_SHAPE.test(q) || q.split(/\s+/).length <= 4;
  // A question without a company that refers back takes the last turn's companies; a bare
  // "what about X?" takes the last turn's question about X.
  const fromContext =
    !companies.length && context.companies.length > 0 && (refersBack || (followUp && intents.length > 0));
  let carried = fromContext;
  if (fromContext) companies = known(context.companies);
  // "Who owns Buffalo Trace?" → "didn't they fall out with RNDC?": "they" is still the last turn's
  // company, beside the one this turn names.
  else if (
    companies.length &&
    context.companies.length > 0 &&
    context.companies.length <= 2 &&
    /\b(?:they|them|their|it|its)\b/.test(q) &&
    !FOLLOW_UP_SHAPE.test(q) &&
    !companies.some((c) => context.companies.includes(c.id))
  ) {
    companies = [...known(context.companies), ...companies];
    carried = true;
  }
  // "And what did that cost them?" asks something new of the same company, not the last turn's fact
  // again: a question word of its own, beyond "what about" and "how about", asks anew.
  const asksNew = /\b(?:what|how|why|when|where|who|which)\b/.test(q.replace(/\b(?:what|how) about\b/g, " "));
  if (companies.length && !intents.length && context.intents.length && followUp && !asksNew) intents = context.intents;
  // "Whose brand is High Noon?" → "how many cases did it sell in 2023?": "it" is the brand, whose
  // figures are what its owner's profile says of it, not the owner's size.
  const brandBefore =
    fromContext &&
    /\b(?:it|its)\b/.test(q) &&
    namesIn(context.topic ?? "", BRANDS).some((n) => companies.some((c) => c.id === n.id));
  const measure = measureAsked(q);
  if (brandBefore && measure !== "employees" && measure !== "states") intents = intents.filter((i) => i !== "size");
  // "Which is older, Yuengling or Anheuser-Busch?" compares the companies on a measure the data holds.
  const comparative = companies.length >= 2 ? comparativeIn(slotted) : undefined;
  if (comparative && !intents.includes("compare")) intents = [...intents, "compare"];
  const brands = intents.includes("owner")
    ? namesIn(asking, BRANDS).map(({ name, id }) => ({ brand: name, company: byId(id)! }))
    : [];
  const read = readFactQuestion({ question: text, intents, companies, brands, comparative });
  // "Any podcast on that?" after "tell me about tequila": the topic is the last turn's, with this turn's words.
  // So is "how much did they pay for it?" after "who owns Patrón?": the owner from the last turn, and the brand.
  const leansOnTopic =
    !read && context.topic && (fromContext || (!companies.length && (refersBack || FOLLOW_UP_SHAPE.test(q))));
  const subjects = rankingSubjects(text, intents, companies);
  return {
    text,
    companies,
    intents,
    read,
    topic: leansOnTopic ? `${context.topic} ${text}` : text,
    before: leansOnTopic ? context.topic! : "",
    subjects: subjects.length ? subjects : brands.length ? brands.map((b) => b.company) : companies,
    carried,
    brands: brands.map((b) => b.brand),
    comparative,
  };
}

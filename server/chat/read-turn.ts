// A turn of a conversation as the analyst reads it: which companies and facts it asks
// about, and what topic, with misspelt names put right and "they", "it", "that" taken
// from the turn before.
import { COMPANIES, type Company } from "../content/companies.server.ts";
import { fold } from "#common/content/fold.ts";
import { factAnswer, factIntents, rankingSubjects, type FactIntent } from "./company-facts.ts";
import { brandOwners, companiesNamed, namesIn } from "./company-names.ts";
import type { ConversationContext } from "./conversation.ts";
import type { HubIndex } from "./hub-index.ts";

const BRANDS = brandOwners(COMPANIES);
const byId = (id: number) => COMPANIES.find((c) => c.id === id);
const known = (ids: number[]) => ids.map(byId).filter((c): c is Company => Boolean(c));

// "And their key brands?", "what about Pernod?", "any podcast on that?": a turn that leans on the one before.
const REFERS_BACK =
  /\b(?:their|they|them|its|it|this company|that company|the company|both|those|these|each|that|this|the same|ones)\b/;
const FOLLOW_UP_SHAPE = /^(?:and|what about|how about|same for|ok,? (?:and|but|so)|so|now|also)\b/;

export interface Turn {
  /** The question with misspelt names and words put right. */
  text: string;
  companies: Company[];
  intents: FactIntent[];
  /** The answer from the company data, when the turn asks for a fact it holds. */
  facts: string | undefined;
  /** What to search the hub for: the question, with the last turn's topic when it refers back to it. */
  topic: string;
  /** The companies the answer is about, for the next turn (a ranking's leader, a brand's owner). */
  subjects: Company[];
}

/** A turn read in its conversation: the companies, facts and topic it asks about, and the answer from the company data when it has one. */
export function readTurn(index: HubIndex, question: string, context: ConversationContext): Turn {
  const text = index.correct(question);
  const q = fold(text).trim();
  let companies = known(companiesNamed(text, index.aliases));
  let intents = factIntents(text);
  const refersBack = REFERS_BACK.test(q);
  const followUp = FOLLOW_UP_SHAPE.test(q) || q.split(/\s+/).length <= 4;
  // A question without a company that refers back takes the last turn's companies; a bare
  // "what about X?" takes the last turn's question about X.
  if (!companies.length && context.companies.length && (refersBack || (followUp && intents.length)))
    companies = known(context.companies);
  if (companies.length && !intents.length && context.intents.length && followUp) intents = context.intents;
  const brands = intents.includes("owner")
    ? namesIn(text, BRANDS).map(({ name, id }) => ({ brand: name, company: byId(id)! }))
    : [];
  const facts = factAnswer({ question: text, intents, companies, brands });
  // "Any podcast on that?" after "tell me about tequila": the topic is the last turn's, with this turn's words.
  const leansOnTopic = !companies.length && !facts && context.topic && (refersBack || FOLLOW_UP_SHAPE.test(q));
  const subjects = rankingSubjects(text, intents, companies);
  return {
    text,
    companies,
    intents,
    facts,
    topic: leansOnTopic ? `${context.topic} ${text}` : text,
    subjects: subjects.length ? subjects : brands.length ? brands.map((b) => b.company) : companies,
  };
}

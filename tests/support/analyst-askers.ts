import { analystAnswer, answerContext, route } from "#server/analyst/builtin-analyst.ts";
import { EMPTY_CONTEXT, nextContext, type ConversationContext } from "#server/analyst/conversation-context.ts";
import { COMPANIES } from "#server/content/companies.server.ts";
import type { demoHub } from "./demo-hub.ts";

/** A day after the demo's last recap and episode: a date without a year is this year's, and "this quarter" reaches back to October. */
export const DEMO_NOW = new Date("2026-11-24T12:00:00Z");

/**
 * The ways the analyst's wording tests ask the demo hub: one question, a conversation, and the
 * links an answer must carry (a recap or episode by its headline, a profile by its company's name).
 */
export function analystAskers(hub: ReturnType<typeof demoHub>, now?: Date) {
  const options = now ? { now } : {};
  const ask = (question: string, deep = false) => analystAnswer(hub.index, question, deep, options).markdown;
  const converse = (...turns: string[]) => {
    let context: ConversationContext = EMPTY_CONTEXT;
    let markdown = "";
    for (const turn of turns) {
      const reply = analystAnswer(hub.index, turn, false, { ...options, context });
      context = nextContext(context, reply.about, turn, reply.markdown);
      markdown = reply.markdown;
    }
    return markdown;
  };
  const idOf = async (table: "weekly_summaries" | "podcast_episodes", column: "headline" | "title", fragment: string) =>
    (
      await hub.database.db
        .selectFrom(table)
        .select("id")
        .where(column, "like", `%${fragment}%`)
        .executeTakeFirstOrThrow()
    ).id;
  const company = (name: string) => COMPANIES.find((c) => c.name === name)!;
  /** Which intent answers a question (the router's choice, after any intent passed it on), and its answer. */
  const routed = (question: string, deep = false) => {
    const { intent, reply } = route(answerContext(hub.index, question, deep, options));
    return { intent: intent.name, markdown: reply.markdown, uncovered: Boolean(reply.uncovered) };
  };
  /** The turn read, for an intent's own `takes`. */
  const context = (question: string, deep = false) => answerContext(hub.index, question, deep, options);
  return {
    ask,
    converse,
    routed,
    context,
    idOf,
    recapUrl: async (fragment: string) => `/recap/${await idOf("weekly_summaries", "headline", fragment)}`,
    episodeUrl: async (fragment: string) => `/podcast?episode=${await idOf("podcast_episodes", "title", fragment)}`,
    /** The hub pages an answer links, without their fragments. */
    links: (markdown: string) => [...markdown.matchAll(/\]\((\/[^)#]+)/g)].map((m) => m[1]!),
    company,
    /** A company's profile link as an answer writes it. */
    link: (name: string) => `(/explorer?company=${company(name).id})`,
  };
}

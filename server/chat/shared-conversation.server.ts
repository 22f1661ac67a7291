import type { Kysely } from "kysely";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { citationKey } from "#common/chat/citation-numbers.ts";
import type { CitedPassage } from "#common/chat/cited-passage.ts";
import { ANSWER_KEEP_DAYS } from "#common/chat/kept-answers.ts";
import { SHARE_ID, SHARE_TITLE_MAX } from "#common/chat/shared-conversation.ts";
import { SHARED_LIST_CLASS, SharedTurnItems } from "#common/chat/shared-messages.tsx";
import type { DB } from "../db/schema.ts";
import { citedPassage } from "./citations.ts";
import type { HubIndex, HubKnowledge } from "../analyst/hub-index.ts";
import { KeptAnswers, type KeptAnswer } from "./kept-answers.ts";
import { ShareStore, type ShareLookup } from "./share-store.ts";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The questions and answers as the page shows them, with each citation's passage
 * as the hub holds it now. Done once, when the conversation is shared: every
 * view then sends this HTML as it is (issue 38: each view rendered the whole
 * conversation again). One answer at a time, letting other requests in between,
 * so even a share of the longest answers never holds the server for long. Safe
 * to insert as HTML: React escapes the text, and react-markdown turns no raw HTML
 * into elements and empties unsafe URLs.
 */
export async function sharedConversationHtml(answers: KeptAnswer[], index: HubIndex | undefined): Promise<string> {
  const passages: Record<string, CitedPassage> = {};
  if (index)
    for (const answer of answers)
      for (const source of answer.sources) {
        const key = citationKey(source);
        if (key in passages) continue;
        const passage = citedPassage(index, source.href, source.label);
        if (passage) passages[key] = passage;
      }
  const items: string[] = [];
  for (const [i, a] of answers.entries()) {
    if (i) await nextTurn();
    const turn = { question: a.question, askedAt: a.askedAt, answer: a.answer, answeredAt: a.answeredAt };
    items.push(renderToStaticMarkup(createElement(SharedTurnItems, { turn, index: i + 1, passages })));
  }
  return `<ol class="${SHARED_LIST_CLASS}">${items.join("")}</ol>`;
}

/** The first question, on one line and cut at a word: the page's title and its link's preview. */
export function shareTitle(question: string): string {
  const line = question.replace(/\s+/g, " ").trim();
  if (line.length <= SHARE_TITLE_MAX) return line;
  const cut = line.lastIndexOf(" ", SHARE_TITLE_MAX - 1);
  return `${line.slice(0, cut > SHARE_TITLE_MAX / 2 ? cut : SHARE_TITLE_MAX - 1)}…`;
}

export type ShareOutcome =
  { ok: true; id: string; removeKey: string; expiresAt: string } | { ok: false; error: string };

/**
 * Shares the answers the server gave under `ids`, in the order it gave them,
 * each with its question. Refused, with nothing stored, when any id is not an
 * answer it gave and still keeps, or when they come from more than one conversation.
 */
export async function shareAnswers(
  db: Kysely<DB>,
  knowledge: HubKnowledge | undefined,
  ids: readonly string[],
  now = new Date(),
): Promise<ShareOutcome> {
  const answers = await new KeptAnswers(db).find(ids, now);
  if (answers.length !== ids.length)
    return {
      ok: false,
      error: `The hub gave no such answer, or no longer keeps it (answers are kept ${ANSWER_KEEP_DAYS} days): ask again to share it`,
    };
  if (new Set(answers.map((a) => a.conversation)).size > 1)
    return { ok: false, error: "A shared conversation holds the answers of one conversation" };
  const html = await sharedConversationHtml(answers, knowledge ? await knowledge.get() : undefined);
  const made = await new ShareStore(db).create({ answers, html, title: shareTitle(answers[0]!.question) }, now);
  return { ok: true, ...made };
}

/**
 * A shared conversation's page, as rendered when it was shared; an id of the wrong shape is not
 * looked up. Without `page` (the removal link's page, which shows only the title), the page is not read.
 */
export async function sharedConversationView(db: Kysely<DB>, id: string, { page = true } = {}): Promise<ShareLookup> {
  if (!SHARE_ID.test(id)) return { state: "missing" };
  return new ShareStore(db).find(id, new Date(), { page });
}

/** Takes a share down with the key it was made with (the removal link's, or the sharing browser's). */
export function removeSharedConversation(
  db: Kysely<DB>,
  id: string,
  removeKey: string,
): Promise<"removed" | "wrong-key" | "missing"> {
  if (!SHARE_ID.test(id)) return Promise.resolve("missing");
  return new ShareStore(db).remove(id, removeKey);
}

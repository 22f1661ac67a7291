import type { Kysely } from "kysely";
import { citationKey, numberCitations } from "#common/chat/citation-numbers.ts";
import type { CitedPassage } from "#common/chat/cited-passage.ts";
import { SHARE_ID, type SharedMessage } from "#common/chat/shared-conversation.ts";
import type { DB } from "../db/schema.ts";
import { citedPassage } from "./citations.ts";
import type { HubKnowledge } from "./hub-index.ts";
import { ShareStore } from "./share-store.ts";

export type SharedConversationView =
  | {
      state: "found";
      messages: SharedMessage[];
      createdAt: string;
      expiresAt: string;
      /** The passage each citation quotes, by citationKey, so the page shows them without asking again. */
      passages: Record<string, CitedPassage>;
    }
  | { state: "expired" | "removed" | "missing" };

/** A shared conversation as its page shows it, with every citation's passage read from the hub now. */
export async function sharedConversationView(
  db: Kysely<DB>,
  knowledge: HubKnowledge | undefined,
  id: string,
): Promise<SharedConversationView> {
  if (!SHARE_ID.test(id)) return { state: "missing" };
  const found = await new ShareStore(db).find(id);
  if (found.state !== "found") return { state: found.state };
  const passages: Record<string, CitedPassage> = {};
  const index = knowledge ? await knowledge.get() : undefined;
  if (index)
    for (const message of found.messages)
      if (message.role === "assistant")
        for (const citation of numberCitations(message.text).citations) {
          const passage = citedPassage(index, citation.href, citation.label);
          if (passage) passages[citationKey(citation)] = passage;
        }
  return { ...found, passages };
}

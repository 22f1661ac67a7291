import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { ANSWER_ID } from "#common/chat/kept-answers.ts";
import { SHARE_DAYS, SHARE_MAX_ANSWERS } from "#common/chat/shared-conversation.ts";
import type { DB } from "../db/schema.ts";
import { digestOf } from "../newsletter/link-secret.ts";
import type { KeptAnswer } from "./kept-answers.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the chat page sends to share a conversation: the ids of the answers the
 * server gave, and nothing else. Their questions and words come from the
 * server's own copy (chat_answers), so a request carrying text is refused.
 */
export const shareRequestSchema = z
  .looseObject({}, { message: "The body must be a JSON object with answers, the ids of the answers to share" })
  // Said first, so a replay of what the page sent before (its messages' text) hears why it is refused.
  .refine((body) => Object.keys(body).every((key) => key === "answers"), {
    message: "A share names the hub's answers by their ids (answers): it takes no text",
  })
  .pipe(
    z.object({
      answers: z
        .array(z.string().regex(ANSWER_ID, "each answer is named by the id the hub gave it"), {
          message: "answers must be a list of the answers' ids",
        })
        .min(1, "share at least one answer")
        .max(SHARE_MAX_ANSWERS, `a shared conversation holds at most ${SHARE_MAX_ANSWERS} answers`)
        .refine((ids) => new Set(ids).size === ids.length, "each answer is shared once"),
    }),
  );

/** What a share keeps of each answer: its question and words, when, and who answered. */
export interface SharedRecord {
  answerId: string;
  question: string;
  askedAt: string;
  answer: string;
  answeredAt: string;
  provider: KeptAnswer["provider"];
}

export type ShareLookup =
  | { state: "found"; html: string; title: string; createdAt: string; expiresAt: string }
  | { state: "expired" | "removed" | "withdrawn" | "missing" };

const iso = (value: string | Date) => new Date(value).toISOString();

/** Shared conversations in the database: any instance can serve or remove one. */
export class ShareStore {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /**
   * Keeps a copy of the server's own answers and their page, rendered once;
   * answers its id and the key that removes it, which is never stored, only its hash.
   */
  async create(
    share: { answers: KeptAnswer[]; html: string; title: string },
    now = new Date(),
  ): Promise<{ id: string; removeKey: string; expiresAt: string }> {
    const id = randomBytes(16).toString("base64url");
    const removeKey = randomBytes(24).toString("base64url");
    const expiresAt = new Date(now.getTime() + SHARE_DAYS * DAY_MS).toISOString();
    const records: SharedRecord[] = share.answers.map((a) => ({
      answerId: a.id,
      question: a.question,
      askedAt: a.askedAt,
      answer: a.answer,
      answeredAt: a.answeredAt,
      provider: a.provider,
    }));
    await this.db
      .insertInto("chat_shares")
      .values({
        id,
        messages: JSON.stringify(records),
        remove_key_hash: digestOf(removeKey),
        created_at: now.toISOString(),
        expires_at: expiresAt,
        removed_at: null,
        html: share.html,
        title: share.title,
      })
      .execute();
    // Expired copies go when new ones come; a removed one keeps only its tombstone, to say "removed".
    await this.db
      .deleteFrom("chat_shares")
      .where("expires_at", "<", new Date(now.getTime() - 30 * DAY_MS).toISOString())
      .execute();
    return { id, removeKey, expiresAt };
  }

  /**
   * A share's page as it was rendered, or why there is none. Reads one row by its key, and
   * renders nothing; without `page`, the page itself is not read (`html` is then empty).
   */
  async find(id: string, now = new Date(), { page = true } = {}): Promise<ShareLookup> {
    const row = await this.db
      .selectFrom("chat_shares")
      .select(["title", "created_at", "expires_at", "removed_at"])
      .select((eb) => (page ? eb.ref("html") : eb.case().when("html", "is", null).then(null).else("").end()).as("html"))
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return { state: "missing" };
    if (row.removed_at) return { state: "removed" };
    if (new Date(row.expires_at).getTime() <= now.getTime()) return { state: "expired" };
    // A copy made before the server kept its answers holds whatever a browser sent: it is not published.
    if (row.html === null || row.title === null) return { state: "withdrawn" };
    return {
      state: "found",
      html: row.html,
      title: row.title,
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
    };
  }

  /** Removes a copy when `removeKey` is its key: its questions, answers and page are deleted at once. */
  async remove(id: string, removeKey: string, now = new Date()): Promise<"removed" | "wrong-key" | "missing"> {
    const row = await this.db
      .selectFrom("chat_shares")
      .select(["remove_key_hash", "removed_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row || row.removed_at) return "missing";
    const given = Buffer.from(digestOf(removeKey));
    const kept = Buffer.from(row.remove_key_hash);
    if (given.length !== kept.length || !timingSafeEqual(given, kept)) return "wrong-key";
    await this.db
      .updateTable("chat_shares")
      .set({ messages: "[]", html: null, title: null, removed_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    return "removed";
  }
}

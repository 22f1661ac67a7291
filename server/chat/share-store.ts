import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import {
  SHARE_DAYS,
  SHARE_MAX_MESSAGES,
  SHARE_MAX_TEXT,
  type SharedMessage,
} from "#common/chat/shared-conversation.ts";
import type { DB } from "../db/schema.ts";
import { digestOf } from "../newsletter/link-secret.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export const sharedMessagesSchema = z
  .array(
    z.object({
      role: z.enum(["user", "assistant"], { message: "role must be user or assistant" }),
      text: z
        .string({ message: "each message needs its text" })
        .trim()
        .min(1, "a message must not be empty")
        .max(SHARE_MAX_TEXT, `a message must be at most ${SHARE_MAX_TEXT} characters`),
      at: z.iso.datetime({ offset: true, message: "at must be an ISO date-time" }),
    }),
    { message: "messages must be a list" },
  )
  .min(2, "share at least one question and its answer")
  .max(SHARE_MAX_MESSAGES, `a shared conversation holds at most ${SHARE_MAX_MESSAGES} messages`)
  .refine((m) => m.some((x) => x.role === "user") && m.some((x) => x.role === "assistant"), {
    message: "share at least one question and its answer",
  });

export type ShareLookup =
  | { state: "found"; messages: SharedMessage[]; createdAt: string; expiresAt: string }
  | { state: "expired" | "removed" | "missing" };

const iso = (value: string | Date) => new Date(value).toISOString();

/** Shared conversations in the database: any instance can serve or remove one. */
export class ShareStore {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** Keeps a copy; answers its id and the key that removes it, which is never stored, only its hash. */
  async create(
    messages: SharedMessage[],
    now = new Date(),
  ): Promise<{ id: string; removeKey: string; expiresAt: string }> {
    const id = randomBytes(16).toString("base64url");
    const removeKey = randomBytes(24).toString("base64url");
    const expiresAt = new Date(now.getTime() + SHARE_DAYS * DAY_MS).toISOString();
    await this.db
      .insertInto("chat_shares")
      .values({
        id,
        messages: JSON.stringify(messages),
        remove_key_hash: digestOf(removeKey),
        created_at: now.toISOString(),
        expires_at: expiresAt,
        removed_at: null,
      })
      .execute();
    // Expired copies go when new ones come; a removed one keeps only its tombstone, to say "removed".
    await this.db
      .deleteFrom("chat_shares")
      .where("expires_at", "<", new Date(now.getTime() - 30 * DAY_MS).toISOString())
      .execute();
    return { id, removeKey, expiresAt };
  }

  async find(id: string, now = new Date()): Promise<ShareLookup> {
    const row = await this.db.selectFrom("chat_shares").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return { state: "missing" };
    if (row.removed_at) return { state: "removed" };
    if (new Date(row.expires_at).getTime() <= now.getTime()) return { state: "expired" };
    const parsed = sharedMessagesSchema.safeParse(JSON.parse(row.messages));
    if (!parsed.success) return { state: "missing" };
    return { state: "found", messages: parsed.data, createdAt: iso(row.created_at), expiresAt: iso(row.expires_at) };
  }

  /** Removes a copy when `removeKey` is its key: its questions and answers are deleted at once. */
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
      .set({ messages: "[]", removed_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    return "removed";
  }
}

import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { conversationContextSchema, EMPTY_CONTEXT, type ConversationContext } from "../analyst/conversation-context.ts";

/** A conversation nobody has added to for this long is forgotten. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** Conversation contexts by uuid, in the database. */
export class ConversationStore {
  private readonly db: Kysely<DB>;
  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  async get(uuid: string): Promise<ConversationContext> {
    const row = await this.db
      .selectFrom("chat_conversations")
      .select("context")
      .where("uuid", "=", uuid)
      .executeTakeFirst();
    if (!row) return EMPTY_CONTEXT;
    // A row written by an older version, or damaged, starts the conversation afresh rather than failing the answer.
    const parsed = conversationContextSchema.safeParse(JSON.parse(row.context));
    return parsed.success ? parsed.data : EMPTY_CONTEXT;
  }

  async set(uuid: string, context: ConversationContext): Promise<void> {
    const now = new Date();
    const json = JSON.stringify(context);
    await this.db
      .insertInto("chat_conversations")
      .values({ uuid, context: json, updated_at: now.toISOString() })
      .onConflict((oc) => oc.column("uuid").doUpdateSet({ context: json, updated_at: now.toISOString() }))
      .execute();
    await this.db
      .deleteFrom("chat_conversations")
      .where("updated_at", "<", new Date(now.getTime() - KEEP_MS).toISOString())
      .execute();
  }
}

// The conversation lives in session storage: it survives a reload, not the closing of the tab.
export const HISTORY_KEY = "chat-history";
export const CURRENT_CHAT_KEY = "current-chat";
/** A deep-research question still waiting for its answer, so a reloaded page can wait again. */
export const PENDING_RESEARCH_KEY = "chat-pending-research";

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  text: string;
  at: Date;
  /** The retry notice: shown while waiting, never stored. */
  temporary?: boolean;
  /** The id the server keeps an answer under: only such an answer can be shared or judged. */
  answerId?: string;
}

export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    /* blocked storage: the conversation is not remembered */
  }
}

/** The stored history with its timestamps turned back into dates, or null when absent or unreadable. */
export function loadHistory(): ChatMessage[] | null {
  const raw = readSession(HISTORY_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || parsed.length === 0) return null;
    const messages = parsed.map((m: unknown) => {
      const { id, role, text, at, answerId } = m as Record<string, unknown>;
      const date = new Date(String(at));
      if (
        typeof id !== "string" ||
        (role !== "user" && role !== "assistant") ||
        typeof text !== "string" ||
        Number.isNaN(date.getTime())
      )
        throw new Error("bad message");
      return { id, role, text, at: date, ...(typeof answerId === "string" ? { answerId } : {}) } satisfies ChatMessage;
    });
    return messages;
  } catch {
    return null;
  }
}

export function saveHistory(messages: ChatMessage[]): void {
  writeSession(
    HISTORY_KEY,
    JSON.stringify(
      messages
        .filter((m) => !m.temporary)
        .map(({ id, role, text, at, answerId }) => ({ id, role, text, at: at.toISOString(), answerId })),
    ),
  );
}

/** The conversation's UUID, made once per browser session. */
export function conversationId(): string {
  const existing = readSession(CURRENT_CHAT_KEY);
  if (existing && /^[0-9a-f-]{36}$/i.test(existing)) return existing;
  const id = crypto.randomUUID();
  writeSession(CURRENT_CHAT_KEY, id);
  return id;
}

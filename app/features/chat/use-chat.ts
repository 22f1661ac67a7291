import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { askAssistant, finalMessage } from "./ask-assistant";
import {
  conversationId,
  loadHistory,
  PENDING_RESEARCH_KEY,
  readSession,
  saveHistory,
  writeSession,
  type ChatMessage,
} from "./chat-storage";
import { ERRORS, greeting, NO_OUTPUT, retryNotice } from "./chat-text";

export interface Pending {
  deep: boolean;
  /** When the question went out (for a reattached run: when the server started it). */
  startedAt: number;
}

const noSubscription = () => () => {};
const POLL_MS = 3_000;
let counter = 0;
const newId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;
const message = (role: ChatMessage["role"], text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: newId(),
  role,
  text,
  at: new Date(),
  ...extra,
});

/** The chat's state: the conversation (kept in session storage), the waiting state and sending. */
export function useChat(assistantName: string) {
  // The server and the hydrating page cannot see session storage: they show the greeting, the page then the stored history.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const initial = useMemo(
    () =>
      hydrated
        ? (loadHistory() ?? [message("assistant", greeting(assistantName))])
        : [message("assistant", greeting(assistantName))],
    [hydrated, assistantName],
  );
  const [changed, setMessages] = useState<ChatMessage[] | null>(null);
  const messages = changed ?? initial;
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef(false);
  // A streamed reply as it arrives (shown in place of the typing indicator), and the way to stop it.
  const [partial, setPartial] = useState<ChatMessage | null>(null);
  const stopper = useRef<AbortController | null>(null);

  useEffect(() => {
    if (hydrated) saveHistory(messages);
  }, [hydrated, messages]);

  const append = useCallback(
    (next: ChatMessage) => setMessages((prev) => [...(prev ?? initial).filter((m) => !m.temporary), next]),
    [initial],
  );

  const send = useCallback(
    async (raw: string, deep: boolean) => {
      const text = raw.trim();
      if (!text || pendingRef.current) return;
      pendingRef.current = true;
      const uuid = conversationId();
      setMessages((prev) => [...(prev ?? initial), message("user", text)]);
      setPending({ deep, startedAt: Date.now() });
      if (deep) writeSession(PENDING_RESEARCH_KEY, JSON.stringify({ uuid, message: text }));
      const streamed = message("assistant", "");
      stopper.current = new AbortController();
      let answerId: string | undefined;
      const reply = await askAssistant({
        message: text,
        uuid,
        deep,
        stop: stopper.current.signal,
        onAnswerId: (id) => (answerId = id),
        onPartial: deep ? undefined : (so) => setPartial({ ...streamed, text: so }),
        onRetryNotice: (seconds, attempt) =>
          setMessages((prev) => [
            ...(prev ?? initial),
            message("assistant", retryNotice(seconds, attempt), { temporary: true }),
          ]),
        onRetryStart: () => setMessages((prev) => (prev ?? initial).filter((m) => !m.temporary)),
      });
      writeSession(PENDING_RESEARCH_KEY, null);
      append({ ...streamed, text: reply, at: new Date(), ...(answerId ? { answerId } : {}) });
      setPartial(null);
      stopper.current = null;
      setPending(null);
      pendingRef.current = false;
    },
    [append, initial],
  );

  /** Ends the reply being written where it is (only a streamed one can be stopped). */
  const stop = useCallback(() => stopper.current?.abort(), []);

  // A deep-research question that was still running when the page was left: wait for it again.
  useEffect(() => {
    if (!hydrated) return;
    const raw = readSession(PENDING_RESEARCH_KEY);
    if (!raw || pendingRef.current) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { uuid } = JSON.parse(raw) as { uuid: string };
    const finish = (text: string, answerId?: string | null) => {
      writeSession(PENDING_RESEARCH_KEY, null);
      append(message("assistant", text, answerId ? { answerId } : {}));
      setPending(null);
      pendingRef.current = false;
    };
    const check = async () => {
      try {
        const res = await fetch(`/api/chat/jobs/latest?uuid=${encodeURIComponent(uuid)}`, { cache: "no-store" });
        if (stopped) return;
        if (res.status === 404) return void writeSession(PENDING_RESEARCH_KEY, null);
        const { job } = (await res.json()) as {
          job: {
            status: string;
            started_at: string;
            /** How long it has run by the server's clock (the browser's may be off). */
            elapsed_ms?: number;
            output: string | null;
            error_status: number | null;
            answer_id: string | null;
          };
        };
        if (stopped) return;
        if (job.status === "running") {
          pendingRef.current = true;
          const elapsed = job.elapsed_ms ?? Date.now() - Date.parse(job.started_at);
          setPending({ deep: true, startedAt: Date.now() - elapsed });
          timer = setTimeout(check, POLL_MS);
          return;
        }
        if (job.status === "done") return job.output ? finish(job.output, job.answer_id) : finish(NO_OUTPUT);
        if (job.status === "timed_out") return finish(ERRORS.deepTimeout);
        finish(finalMessage(new Error(`HTTP error! status: ${job.error_status ?? 0}`), true));
      } catch {
        if (!stopped) timer = setTimeout(check, POLL_MS);
      }
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [hydrated, append]);

  return { messages, pending, partial, stop, send, hydrated };
}

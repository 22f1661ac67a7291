import { Send, Square } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { DEEP_IN_PROGRESS, DEEP_TOGGLE, DEEP_TOGGLE_HINT, PLACEHOLDER, STOP, THINKING } from "./chat-text";
import type { Pending } from "./use-chat";

interface ChatInputProps {
  pending: Pending | null;
  /** A reply is arriving in pieces: it can be stopped. */
  streaming: boolean;
  onStop: () => void;
  deep: boolean;
  onDeepChange: (deep: boolean) => void;
  onSend: (text: string) => void;
}

/** The input bar: the text field (Enter sends, Shift+Enter breaks the line), Send, and the Deep Research switch. */
export function ChatInput({ pending, streaming, onStop, deep, onDeepChange, onSend }: ChatInputProps) {
  const [text, setText] = useState("");
  const waiting = pending !== null;
  const field = useRef<HTMLTextAreaElement>(null);
  // The field is disabled while a reply is pending (spec section 4), which takes the focus from
  // it: whoever sent from the field gets it back with the reply, ready for the next question.
  const refocus = useRef(false);
  useEffect(() => {
    if (!waiting && refocus.current) {
      refocus.current = false;
      field.current?.focus();
    }
  }, [waiting]);
  const submit = () => {
    if (waiting || !text.trim()) return;
    refocus.current = document.activeElement === field.current;
    onSend(text.trim());
    setText("");
  };
  return (
    <form
      className="border-t border-ink-900/10 bg-surface p-3 sm:p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
        <label htmlFor="chat-input" className="sr-only">
          Your question
        </label>
        <textarea
          ref={field}
          id="chat-input"
          rows={2}
          disabled={waiting}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends; Shift+Enter is a new line; Enter that confirms an IME composition is neither.
            if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
            e.preventDefault();
            submit();
          }}
          placeholder={waiting ? (pending.deep ? DEEP_IN_PROGRESS : THINKING) : PLACEHOLDER}
          className="max-h-40 min-h-12 flex-1 resize-none rounded-lg border border-ink-300 bg-surface px-3 py-2 text-base text-ink-950 placeholder:text-ink-500 focus:border-copper-600 focus:outline-none focus:ring-2 focus:ring-copper-600/30 disabled:cursor-not-allowed disabled:bg-paper"
        />
        {streaming ? (
          <button
            type="button"
            onClick={onStop}
            className="inline-flex h-12 items-center gap-2 rounded-lg border border-ink-300 bg-surface px-4 font-medium text-ink-900 hover:bg-paper"
          >
            <Square className="h-4 w-4" aria-hidden="true" />
            {STOP}
          </button>
        ) : null}
        <button
          type="submit"
          disabled={waiting || !text.trim()}
          className="inline-flex h-12 items-center gap-2 rounded-lg bg-copper-700 px-4 font-medium text-white hover:bg-ink-900 disabled:cursor-not-allowed disabled:bg-ink-300"
        >
          <Send className="h-4 w-4" aria-hidden="true" />
          Send
        </button>
      </div>
      <div className="mt-2 flex items-center gap-3">
        <button
          type="button"
          role="switch"
          aria-checked={deep}
          aria-describedby="deep-research-hint"
          onClick={() => onDeepChange(!deep)}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${deep ? "bg-copper-700" : "bg-ink-300"}`}
        >
          <span className="sr-only">{DEEP_TOGGLE}</span>
          <span
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${deep ? "translate-x-5" : "translate-x-0.5"}`}
          />
        </button>
        <span className="text-sm">
          <span className="font-medium text-ink-900" aria-hidden="true">
            {DEEP_TOGGLE}
          </span>{" "}
          <span id="deep-research-hint" className="text-ink-600">
            {DEEP_TOGGLE_HINT}
          </span>
        </span>
      </div>
    </form>
  );
}

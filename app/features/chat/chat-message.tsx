import { Copy } from "lucide-react";
import { lazy, Suspense } from "react";
import { notify } from "../../components/toasts";
import type { ChatMessage } from "./chat-storage";
import { clockTime } from "./clock-time";

// The markdown renderer (with the numbered citations) is the heaviest part of the page: it loads
// after the page (the chat route starts fetching it when the reader focuses or taps the chat), and plain messages
// such as the greeting never need it.
const RichAnswer = lazy(() => import("./rich-answer").then((m) => ({ default: m.RichAnswer })));
export const preloadMarkdown = () => void import("./rich-answer");
// Helpful or not: only once there is an answer to judge, so loaded then.
const AnswerFeedback = lazy(() => import("./answer-feedback").then((m) => ({ default: m.AnswerFeedback })));
const MARKDOWN_SYNTAX = /[#*_`>[\]|]|^\s*(?:[-+]|\d+\.)\s/m;

function AssistantText({ text }: { text: string }) {
  const plain = <p className="break-words whitespace-pre-wrap">{text}</p>;
  if (!MARKDOWN_SYNTAX.test(text)) return plain;
  return (
    <Suspense fallback={plain}>
      <RichAnswer text={text} />
    </Suspense>
  );
}

async function copyAnswer(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    void notify("success", "Answer copied", "The reply is on your clipboard as Markdown.");
  } catch {
    void notify("info", "Could not copy", "Your browser did not allow the clipboard.");
  }
}

/**
 * One message: the person's on the right as plain text, the assistant's on the left as formatted markdown.
 * An answer the server kept (it has an `answerId`) can be judged; the greeting and error messages cannot.
 */
export function ChatMessageItem({ message, showTime }: { message: ChatMessage; showTime: boolean }) {
  const mine = message.role === "user";
  return (
    <li className={`flex ${mine ? "justify-end" : "justify-start"}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-3 shadow-sm sm:max-w-[75%] ${
          mine
            ? "rounded-br-sm bg-ink-900 text-white"
            : `rounded-bl-sm border border-ink-900/10 bg-surface text-ink-900 ${message.temporary ? "italic text-ink-600" : ""}`
        }`}
      >
        <span className="sr-only">{mine ? "You said:" : "Assistant:"}</span>
        {mine ? (
          <p className="break-words whitespace-pre-wrap">{message.text}</p>
        ) : (
          <AssistantText text={message.text} />
        )}
        <div
          className={`mt-1 flex items-center gap-2 text-xs ${mine ? "justify-end text-ink-100" : "justify-between text-ink-500"}`}
        >
          {showTime ? <time dateTime={message.at.toISOString()}>{clockTime(message.at)}</time> : <span />}
          {!mine && message.answerId && showTime ? (
            <Suspense fallback={null}>
              <AnswerFeedback answerId={message.answerId} />
            </Suspense>
          ) : null}
          {!mine && !message.temporary ? (
            <button
              type="button"
              onClick={() => void copyAnswer(message.text)}
              className="inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-paper hover:text-ink-800"
            >
              <Copy className="h-3.5 w-3.5" aria-hidden="true" />
              Copy<span className="sr-only"> answer</span>
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

export function TypingIndicator() {
  return (
    <li className="flex justify-start" data-testid="typing-indicator">
      <div
        className="flex items-center gap-1 rounded-2xl rounded-bl-sm border border-ink-900/10 bg-surface px-4 py-3"
        aria-hidden="true"
      >
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="h-2 w-2 animate-bounce rounded-full bg-ink-500"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
    </li>
  );
}

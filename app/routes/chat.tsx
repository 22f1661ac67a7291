import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { useSite } from "../hooks/use-site";
import { ChatInput } from "../features/chat/chat-input";
import { ChatMessageItem, preloadMarkdown, TypingIndicator } from "../features/chat/chat-message";
import { DeepResearchStatus } from "../features/chat/deep-research-status";
import { Suggestions } from "../features/chat/suggestions";
import { useChat } from "../features/chat/use-chat";
import type { Route } from "./+types/chat";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    site,
    title: `Ask ${site?.assistantName ?? "Eddy"}`,
    description:
      "Ask questions about spirits market trends, brand performance and industry insights, answered from the hub's recaps, company profiles and podcast.",
    path: "/chat",
  });
};

// Shown only once there is a question, so they are fetched then and not with the page (its first-load budget).
const ConversationActions = lazy(() =>
  import("../features/chat/conversation-actions").then((m) => ({ default: m.ConversationActions })),
);

// Markdown to the words a screen reader should hear.
const spoken = (markdown: string) =>
  markdown
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/[#*_`>|[\]]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

export default function Chat() {
  const site = useSite();
  const { messages, pending, partial, stop, send, hydrated } = useChat(site.assistantName);
  const [deep, setDeep] = useState(false);
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView({ behavior: "smooth", block: "end" });
  }, [messages.length, pending, partial?.text]);

  const last = messages.at(-1);
  const announcement = pending
    ? "responding"
    : last?.role === "assistant" && messages.length > 1
      ? spoken(last.text)
      : "";

  return (
    <div className="mx-auto flex max-w-5xl flex-col px-4 pt-6 sm:px-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-semibold text-ink-950 sm:text-4xl">Ask {site.assistantName}</h1>
        {/* Made in the browser from the stored conversation: there is nothing to export before hydration. */}
        {hydrated && messages.length > 1 ? (
          <Suspense fallback={null}>
            <ConversationActions
              messages={messages}
              site={{ brand: site.brand, assistantName: site.assistantName, siteUrl: site.siteUrl }}
              disabled={pending !== null}
            />
          </Suspense>
        ) : null}
      </div>
      {/* The markdown renderer (165 KB) is fetched when the reader turns to the chat (a focus or a
          tap inside it), not while the page loads; a kept conversation with formatted answers
          loads it as it renders them. */}
      <div
        className="flex flex-col overflow-hidden rounded-card border border-ink-900/10 bg-paper shadow-sm"
        style={{ height: "calc(100vh - 200px)", minHeight: "22rem" }}
        onFocusCapture={preloadMarkdown}
        onPointerDownCapture={preloadMarkdown}
      >
        <div className="flex-1 overflow-y-auto px-3 py-4 sm:px-5" role="log" aria-label="Conversation" tabIndex={0}>
          <ol className="flex flex-col gap-3">
            {messages.map((m) => (
              <ChatMessageItem key={m.id} message={m} showTime={hydrated} />
            ))}
            {partial?.text ? (
              <ChatMessageItem message={partial} showTime={hydrated} />
            ) : pending ? (
              pending.deep ? (
                <DeepResearchStatus startedAt={pending.startedAt} />
              ) : (
                <TypingIndicator />
              )
            ) : null}
            <li ref={end} aria-hidden="true" />
          </ol>
          {messages.length <= 1 ? (
            <Suggestions disabled={pending !== null} onPick={(prompt) => void send(prompt, deep)} />
          ) : null}
        </div>
        <ChatInput
          pending={pending}
          streaming={Boolean(partial?.text)}
          onStop={stop}
          deep={deep}
          onDeepChange={setDeep}
          onSend={(text) => void send(text, deep)}
        />
      </div>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { SHARE_DAYS, SHARE_TEXTS } from "#common/chat/shared-conversation.ts";
import { sharedConversationView } from "#server/chat/shared-conversation.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { formatDate } from "../components/date-text";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { RemoveShareButton } from "../features/chat/remove-share-button";
import { RichAnswer } from "../features/chat/rich-answer";
import { useSite } from "../hooks/use-site";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import type { Route } from "./+types/chat-shared";

// A removal must show at once, and a conversation is the asker's, not the site's: never kept by a cache.
const PRIVATE = { "Cache-Control": "private, no-cache" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, knowledge } = context.get(appContext);
  const view = await sharedConversationView(database.db, knowledge, params.id);
  if (view.state === "missing") throw data(SHARE_TEXTS.notFound, { status: 404, headers: PRIVATE });
  if (view.state !== "found") throw data(SHARE_TEXTS[view.state], { status: 410, headers: PRIVATE });
  return data({ id: params.id, ...view }, { headers: PRIVATE });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const site = siteFromMatches(matches);
  return [
    ...pageMeta({
      site,
      title: `A conversation with ${site?.assistantName ?? "Eddy"}`,
      description: `A read-only copy of questions asked of ${site?.assistantName ?? "Eddy"}, the hub's assistant, and its answers with their sources.`,
      path: `/chat/shared/${encodeURIComponent(params.id)}`,
    }),
    // A reader's conversation is passed on by its link, not listed by search engines.
    { name: "robots", content: "noindex" },
  ];
};

const time = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function SharedConversation({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { id, messages, createdAt, expiresAt, passages } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <p className="text-sm font-medium tracking-wide text-copper-700 uppercase">Shared conversation</p>
      <h1 className="mt-1 font-display text-3xl font-semibold text-ink-950">
        A conversation with {site.assistantName}
      </h1>
      <p className="mt-2 text-sm text-ink-600">
        A read-only copy, shared on {formatDate(createdAt)}. It stays at this address until {formatDate(expiresAt)} (
        {SHARE_DAYS} days). Times are UTC. All insights are for informational use only.
      </p>
      <ol className="mt-6 flex flex-col gap-4">
        {messages.map((m, i) => (
          <li key={i} className={`flex ${m.role === "user" ? "justify-end" : "justify-start"}`}>
            <div
              className={`max-w-[90%] rounded-2xl px-4 py-3 shadow-sm ${
                m.role === "user"
                  ? "rounded-br-sm bg-ink-900 text-white"
                  : "rounded-bl-sm border border-ink-900/10 bg-surface text-ink-900"
              }`}
            >
              <span className="sr-only">{m.role === "user" ? "Question:" : "Answer:"}</span>
              {m.role === "user" ? (
                <p className="break-words whitespace-pre-wrap">{m.text}</p>
              ) : (
                <RichAnswer text={m.text} passages={passages} />
              )}
              <p className={`mt-1 text-xs ${m.role === "user" ? "text-right text-ink-100" : "text-ink-500"}`}>
                <time dateTime={m.at}>{time(m.at)}</time>
              </p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-ink-900/10 pt-4">
        <Link
          to="/chat"
          className="min-h-11 rounded-md bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800"
        >
          Ask {site.assistantName} your own question
        </Link>
        <RemoveShareButton id={id} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 410))
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="font-display text-3xl font-semibold text-ink-950">
          {error.status === 410 ? "Conversation no longer shared" : "Conversation not found"}
        </h1>
        <p className="mt-3 text-ink-700">{String(error.data)}</p>
        <Link to="/chat" className="mt-6 inline-block font-semibold text-copper-700 underline">
          Ask your own question
        </Link>
      </div>
    );
  return <RouteErrorFallback error={error} />;
}

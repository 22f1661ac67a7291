import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { SHARE_DAYS, SHARE_TEXTS } from "#common/chat/shared-conversation.ts";
import { sharedConversationView } from "#server/chat/shared-conversation.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { formatDate } from "../components/date-text";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { ShareOwnerControls } from "../features/chat/share-owner-controls";
import { useSite } from "../hooks/use-site";
import { island } from "../islands/island";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { ISLANDS_PAGE } from "../lib/static-page";
import type { Route } from "./+types/chat-shared";

// Plain HTML: the conversation is sent once, as it was rendered when it was shared, and not again as
// data for scripts (issue 38). Only the asker's buttons come alive, as an island.
export const handle = ISLANDS_PAGE;
const ShareOwnerIsland = island("share-owner", ShareOwnerControls);

// A removal must show at once, and a conversation is the asker's, not the site's: never kept by a cache.
const PRIVATE = { "Cache-Control": "private, no-cache" };

/** One row read, nothing rendered: the conversation's HTML was made once, when it was shared (issue 38). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const view = await sharedConversationView(database.db, params.id);
  if (view.state === "missing") throw data(SHARE_TEXTS.notFound, { status: 404, headers: PRIVATE });
  if (view.state !== "found") throw data(SHARE_TEXTS[view.state], { status: 410, headers: PRIVATE });
  return data({ id: params.id, ...view }, { headers: PRIVATE });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) => {
  const site = siteFromMatches(matches);
  const assistant = site?.assistantName ?? "Eddy";
  // A link passed on unfurls with the question it asks, not the same words for every conversation.
  const question = loaderData?.title;
  return [
    ...pageMeta({
      site,
      title: question ? `“${question}”, asked of ${assistant}` : `A conversation with ${assistant}`,
      description: question
        ? `A read-only copy of a conversation with ${assistant}, the hub's assistant, that asks “${question}”, with its answers and their sources.`
        : `A read-only copy of questions asked of ${assistant}, the hub's assistant, and its answers with their sources.`,
      path: `/chat/shared/${encodeURIComponent(params.id)}`,
    }),
    // A reader's conversation is passed on by its link, not listed by search engines.
    { name: "robots", content: "noindex" },
  ];
};

export default function SharedConversation({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { id, html, createdAt, expiresAt } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <p className="text-sm font-medium tracking-wide text-copper-700 uppercase">Shared conversation</p>
      <h1 className="mt-1 font-display text-3xl font-semibold text-ink-950">
        A conversation with {site.assistantName}
      </h1>
      <p className="mt-2 text-sm text-ink-600">
        A read-only copy of {site.assistantName}&apos;s own answers, as the hub gave them, shared on{" "}
        {formatDate(createdAt)}. It stays at this address until {formatDate(expiresAt)} ({SHARE_DAYS} days). Times are
        UTC. All insights are for informational use only.
      </p>
      {/* Made by the server from its own answers when the conversation was shared (server/chat/shared-conversation.server.ts). */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-ink-900/10 pt-4">
        <Link
          to="/chat"
          className="min-h-11 rounded-md bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800"
        >
          Ask {site.assistantName} your own question
        </Link>
        <ShareOwnerIsland id={id} />
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

import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { data, Form, Link, useNavigation, type ShouldRevalidateFunction } from "react-router";
import { SHARE_TEXTS, sharePath } from "#common/chat/shared-conversation.ts";
import { removeSharedConversation, sharedConversationView } from "#server/chat/shared-conversation.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { formatDate } from "../components/date-text";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { forgetShareKey } from "../features/chat/share-keys";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import type { Route } from "./+types/chat-shared-remove";
import { readForm } from "../lib/read-form.server";

// Issue 37: the key that removes a share lives in one browser's storage; the removal
// link (/chat/shared/<id>/remove#key=…) carries it to any other. The key rides in the
// fragment, which the browser never sends: this page reads it and posts it in its form.

export const meta: Route.MetaFunction = ({ matches, params }) => [
  ...pageMeta({
    site: siteFromMatches(matches),
    title: "Remove a shared conversation",
    description: "Take down a conversation you shared.",
    path: `${sharePath(encodeURIComponent(params.id))}/remove`,
  }),
  { name: "robots", content: "noindex" },
];

// "same-origin", not "no-referrer": with no-referrer Chromium posts a page's form with Origin: null,
// which React Router's check of an action's Origin refuses. The key is in no address a server sees.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

type State = "found" | "removed" | "wrong-key" | "expired" | "withdrawn" | "missing";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const view = await sharedConversationView(database.db, params.id, { page: false });
  if (view.state === "found")
    return data({ state: "found" as State, title: view.title, createdAt: view.createdAt }, { status: 200 });
  return data(
    { state: view.state as State, title: null, createdAt: null },
    { status: view.state === "missing" ? 404 : 410 },
  );
}

/** The page's button: removes the share when the key is its own. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { database } = context.get(appContext);
  const key = String((await readForm(request)).get("key") ?? "").trim();
  if (!key || key.length > 100) return data({ state: "wrong-key" as State }, { status: 403 });
  const outcome = await removeSharedConversation(database.db, params.id, key);
  if (outcome === "removed") return data({ state: "removed" as State }, { status: 200 });
  if (outcome === "wrong-key") return data({ state: "wrong-key" as State }, { status: 403 });
  return data({ state: "missing" as State }, { status: 404 });
}

// The action's answer says what happened: a removed share's page (410) is not fetched again for it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult ? false : defaultShouldRevalidate;

const button = "min-h-11 rounded-md px-4 py-2 font-semibold";
const keyInHash = () => new URLSearchParams(window.location.hash.slice(1)).get("key") ?? "";
const subscribeToHash = (changed: () => void) => {
  window.addEventListener("hashchange", changed);
  return () => window.removeEventListener("hashchange", changed);
};

export default function RemoveSharedConversation({ loaderData, actionData, params }: Route.ComponentProps) {
  const keyId = useId();
  // The key is in the link's fragment, which only the browser sees: the server's page has none.
  const fromLink = useSyncExternalStore(subscribeToHash, keyInHash, () => "");
  const [typed, setTyped] = useState<string | null>(null);
  const key = typed ?? fromLink;
  const navigation = useNavigation();
  const removed = actionData?.state === "removed";
  useEffect(() => {
    if (removed) forgetShareKey(params.id);
  }, [removed, params.id]);

  if (removed || loaderData.state === "removed")
    return (
      <Notice title="Conversation removed">
        <p>{SHARE_TEXTS.removed} Its questions and answers are deleted from the hub, and its link says so.</p>
      </Notice>
    );
  if (loaderData.state !== "found")
    return (
      <Notice title={loaderData.state === "missing" ? "Conversation not found" : "Conversation no longer shared"}>
        <p>
          {loaderData.state === "missing"
            ? SHARE_TEXTS.notFound
            : loaderData.state === "expired"
              ? SHARE_TEXTS.expired
              : SHARE_TEXTS.withdrawn}
        </p>
      </Notice>
    );
  return (
    <Notice title="Remove this shared conversation?">
      <p>
        “{loaderData.title}”, shared on {formatDate(loaderData.createdAt!)}. Removing it deletes its questions and
        answers from the hub at once; anyone who opens its link will see that it was removed.
      </p>
      <Form method="post" className="space-y-3">
        <div>
          <label htmlFor={keyId} className="block text-sm font-semibold text-ink-900">
            Removal key
          </label>
          <p className="text-sm text-ink-600">Filled in from your removal link: the part after “#key=”.</p>
          <input
            id={keyId}
            name="key"
            required
            maxLength={100}
            autoComplete="off"
            value={key}
            onChange={(e) => setTyped(e.target.value)}
            className="mt-1 min-h-11 w-full rounded-md border border-ink-300 bg-surface px-2"
          />
        </div>
        {actionData?.state === "wrong-key" ? (
          <p role="alert" className="text-danger-700">
            That key does not remove this conversation. Check that the whole removal link was copied.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={navigation.state === "submitting"}
            className={`${button} bg-red-800 text-white hover:bg-red-900 disabled:opacity-60`}
          >
            Remove the conversation
          </button>
          <Link to={sharePath(params.id)} className={`${button} border border-ink-900/20 text-ink-900 hover:bg-paper`}>
            Keep it
          </Link>
        </div>
      </Form>
    </Notice>
  );
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <div className="rounded-card border border-ink-900/10 bg-surface p-8 shadow-card">
        <h1 className="font-display text-3xl font-semibold text-ink-950">{title}</h1>
        <div className="mt-4 space-y-4 text-ink-700">{children}</div>
        <p className="mt-6">
          <Link to="/chat" className="font-semibold text-copper-700 underline">
            Ask your own question
          </Link>
        </p>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

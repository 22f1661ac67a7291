import { data } from "react-router";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { STATIC_PAGE } from "../lib/static-page";
import { FollowForm } from "../components/follow-form";
import { NewsletterNotice } from "../features/newsletter/newsletter-notice";
import { clientAddress } from "#server/http/client-address.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { COMPANIES } from "#server/content/companies.server.ts";
import { followFromForm } from "#server/follows/follow-form.server.ts";
import { findFollowItem } from "#server/follows/follow-items.server.ts";
import { FOLLOW_KINDS, FOLLOW_TEXTS } from "#common/follows/follow-item.ts";
import type { Route } from "./+types/follow";
import { readForm } from "../lib/read-form.server";

// The follow forms post here (issue 42); its answer is a page of its own, and it ships no script.
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta({
    site: siteFromMatches(matches),
    title: loaderData?.item ? `Follow ${loaderData.item.name}` : "Follow",
    description: "Follow a company, a brand or a topic: a weekly email of what the hub finds about it.",
    path: "/follow",
  }),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retry = actionHeaders.get("Retry-After");
  return { "Cache-Control": "no-store", ...(retry ? { "Retry-After": retry } : {}) };
};

/** `/follow?kind=company&item=4`: the form alone, for a link to follow something (404 for an unknown item). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const url = new URL(request.url);
  // The form's post comes here without a query: the action's answer is the page.
  if (!url.searchParams.has("kind") && !url.searchParams.has("item")) return { item: null };
  const kind = FOLLOW_KINDS.find((k) => k === url.searchParams.get("kind"));
  const key = url.searchParams.get("item") ?? "";
  const item = kind && key ? await findFollowItem(database.db, COMPANIES, kind, key) : undefined;
  if (!item) throw data(FOLLOW_TEXTS.unknownItem, { status: 404 });
  return { item };
}

export async function action({ request, context }: Route.ActionArgs) {
  // React Router refuses an action whose Origin is not this site's (400) before it gets here.
  const { database, newsletter } = context.get(appContext);
  const answer = await followFromForm(
    database.db,
    newsletter,
    COMPANIES,
    await readForm(request),
    clientAddress(request),
  );
  if (answer.ok) return { ok: true as const, message: answer.message, item: answer.item };
  return data(
    { ok: false as const, error: answer.error, email: answer.email ?? "", item: answer.item },
    { status: answer.status, headers: answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : {} },
  );
}

export default function Follow({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.ok)
    return (
      <NewsletterNotice
        title="Almost there"
        tone="ok"
        next={{ to: actionData.item.url, label: `Back to ${actionData.item.name}` }}
      >
        <p>{actionData.message}</p>
      </NewsletterNotice>
    );
  // The item the refused post named, or the one the address asked for.
  const item = (actionData ? actionData.item : undefined) ?? loaderData.item;
  if (!item)
    return (
      <NewsletterNotice
        title="Nothing to follow"
        tone="problem"
        next={{ to: "/explorer", label: "Browse the Top Players" }}
      >
        <p>{actionData?.error ?? FOLLOW_TEXTS.unknownItem}</p>
      </NewsletterNotice>
    );
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <FollowForm item={item} source="follow" error={actionData?.error} email={actionData?.email} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

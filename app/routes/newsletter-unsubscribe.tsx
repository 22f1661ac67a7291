import { data } from "react-router";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { STATIC_PAGE } from "../lib/static-page";
import { NewsletterNotice } from "../features/newsletter/newsletter-notice";
import { subscriptionState, unsubscribe } from "#server/newsletter/subscribers.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    site: siteFromMatches(matches),
    title: "Unsubscribe",
    description: "Stop the Weekly Recap emails.",
    path: "/newsletter",
  }),
  { name: "robots", content: "noindex" },
];

// "same-origin", not "no-referrer": with no-referrer Chromium posts this page's forms
// with Origin: null, which the action's Origin check refuses. The key in this address still goes to
// no other site.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

/**
 * The visible link in every mail opens a page with one button: opening it
 * changes nothing, because link scanners open links too (a GET or HEAD that
 * unsubscribed people who never clicked). A mailbox provider's RFC 8058
 * one-click POST is answered before React Router
 * (server/http/one-click-unsubscribe.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const state = await subscriptionState(database.db, params.key);
  return data({ state }, { status: state === "unknown" ? 404 : 200 });
}

/** The page's button. The loader, which runs after it to render the page, then finds the address unsubscribed. */
export async function action({ params, context }: Route.ActionArgs) {
  const { database } = context.get(appContext);
  const done = await unsubscribe(database.db, params.key);
  return data(
    { state: done === undefined ? ("unknown" as const) : ("unsubscribed" as const) },
    { status: done === undefined ? 404 : 200 },
  );
}

export default function NewsletterUnsubscribe({ loaderData, actionData, params }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state === "unknown") {
    return (
      <NewsletterNotice title="Nothing to unsubscribe" tone="problem" next={{ to: "/", label: "Go to the home page" }}>
        <p>This link belongs to no subscription: the address it was sent to gets no Weekly Recap emails.</p>
      </NewsletterNotice>
    );
  }
  if (state === "subscribed") {
    return (
      <NewsletterNotice title="Unsubscribe from the Weekly Recap?" tone="ok">
        <p>Press the button and this address gets no more Weekly Recap emails.</p>
        <form method="post">
          <button
            type="submit"
            className="min-h-11 rounded-md bg-ink-900 px-4 py-2 font-semibold text-white hover:bg-ink-800"
          >
            Unsubscribe
          </button>
        </form>
      </NewsletterNotice>
    );
  }
  return (
    <NewsletterNotice title="You're unsubscribed" tone="ok">
      <p>You will get no more Weekly Recap emails. Nothing else is needed.</p>
      {/* Its own address: a POST here unsubscribes. */}
      <form method="post" action={`/newsletter/resubscribe/${params.key}`}>
        <p className="text-sm">Clicked by mistake?</p>
        <button
          type="submit"
          className="mt-2 min-h-11 rounded-md border border-ink-900/20 px-4 py-2 font-semibold text-ink-900 hover:bg-paper"
        >
          Subscribe again
        </button>
      </form>
    </NewsletterNotice>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

import { data } from "react-router";
import { pageMeta, siteFromMatches } from "../components/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { STATIC_PAGE } from "../components/static-page";
import { NewsletterNotice } from "../features/newsletter/newsletter-notice";
import { unsubscribe } from "../../server/newsletter/subscribers.server";
import { appContext } from "../context";
import type { Route } from "./+types/newsletter-unsubscribe";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({ site: siteFromMatches(matches), title: "Unsubscribe", description: "Stop the Weekly Recap emails.", path: "/newsletter" }),
  { name: "robots", content: "noindex" },
];

// "same-origin", not "no-referrer": with no-referrer Chromium posts this page's "Subscribe again" form
// with Origin: null, which the action's Origin check refuses. The key in this address still goes to
// no other site.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

type Outcome = "unsubscribed" | "unknown";

/** The visible link in every mail: one click unsubscribes, no question asked. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const done = await unsubscribe(database.db, params.key);
  return data({ outcome: (done === undefined ? "unknown" : "unsubscribed") as Outcome }, { status: done === undefined ? 404 : 200 });
}

/**
 * POST from a page's form (a mailbox provider's RFC 8058 one-click POST is
 * answered before React Router: server/http/one-click-unsubscribe.ts). The
 * loader, which runs after it to render the page, unsubscribes again, which changes nothing.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const { database } = context.get(appContext);
  const done = await unsubscribe(database.db, params.key);
  return data({ outcome: (done === undefined ? "unknown" : "unsubscribed") as Outcome }, { status: done === undefined ? 404 : 200 });
}

export default function NewsletterUnsubscribe({ loaderData, params }: Route.ComponentProps) {
  const outcome = loaderData.outcome;
  if (outcome === "unknown") {
    return (
      <NewsletterNotice title="Nothing to unsubscribe" tone="problem" next={{ to: "/", label: "Go to the home page" }}>
        <p>This link belongs to no subscription: the address it was sent to gets no Weekly Recap emails.</p>
      </NewsletterNotice>
    );
  }
  return (
    <NewsletterNotice title="You're unsubscribed" tone="ok">
      <p>You will get no more Weekly Recap emails. Nothing else is needed.</p>
      {/* Its own address: this page's loader unsubscribes, and would undo the undo. */}
      <form method="post" action={`/newsletter/resubscribe/${params.key}`}>
        <p className="text-sm">Clicked by mistake?</p>
        <button type="submit" className="mt-2 min-h-11 rounded-md border border-ink-900/20 px-4 py-2 font-semibold text-ink-900 hover:bg-paper">
          Subscribe again
        </button>
      </form>
    </NewsletterNotice>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

import { data } from "react-router";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { STATIC_PAGE } from "../lib/static-page";
import { NewsletterNotice, READ_RECAPS } from "../features/newsletter/newsletter-notice";
import { confirmationPurpose, confirmationState, confirmSubscription } from "#server/newsletter/subscribers.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import type { Route } from "./+types/newsletter-confirm";

export const handle = STATIC_PAGE;

// After the button the loader runs again and finds the link used ("already"), and meta sees only the
// loader's data: so a used link and a link just used share one title.
const TITLES = {
  pending: "Confirm your subscription",
  already: "Subscription confirmed",
  expired: "Link expired",
} as const;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta({
    site: siteFromMatches(matches),
    title: TITLES[loaderData?.state ?? "expired"],
    description: "Confirm your subscription to the Weekly Recap.",
    path: "/newsletter",
  }),
  { name: "robots", content: "noindex" },
];

// "same-origin", not "no-referrer": the page's button posts a form, and with no-referrer Chromium sends
// it with Origin: null, which the action's Origin check refuses. The token goes to no other site.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

/**
 * The link in the confirmation mail opens a page with one button: opening it
 * changes nothing, because link scanners and mail previews open links too
 * (a GET or HEAD that confirmed subscribed people who never clicked).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const [state, asked] = await Promise.all([
    confirmationState(database.db, params.token),
    confirmationPurpose(database.db, params.token),
  ]);
  return data({ state, follows: asked === "follows" }, { status: state === "expired" ? 410 : 200 });
}

/** The button: confirms the address, once, within the link's time. */
export async function action({ params, context }: Route.ActionArgs) {
  const { database } = context.get(appContext);
  const outcome = await confirmSubscription(database.db, params.token);
  return data({ outcome }, { status: outcome === "expired" ? 410 : 200 });
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  // After the button, the loader runs again and finds the link used: the action's outcome is what happened.
  const outcome = actionData?.outcome ?? loaderData.state;
  // An address given only to follow (issue 42): the same steps, in the digest's words.
  if (loaderData.follows && outcome !== "expired") return <FollowsConfirm outcome={outcome} />;
  if (outcome === "pending") {
    return (
      <NewsletterNotice title="Confirm your subscription" tone="ok">
        <p>One more step: confirm that you want the Weekly Recap at this address.</p>
        <form method="post">
          <button
            type="submit"
            className="min-h-11 rounded-md bg-ink-900 px-4 py-2 font-semibold text-white hover:bg-ink-800"
          >
            Confirm my subscription
          </button>
        </form>
      </NewsletterNotice>
    );
  }
  if (outcome === "already") {
    return (
      <NewsletterNotice title="You're already subscribed" tone="ok" next={READ_RECAPS}>
        <p>
          This link was used before: your address is confirmed, and the Weekly Recap comes to your inbox. Every email
          has a one-click unsubscribe link.
        </p>
      </NewsletterNotice>
    );
  }
  if (outcome === "confirmed") {
    return (
      <NewsletterNotice title="You're subscribed" tone="ok" next={READ_RECAPS}>
        <p>The next Weekly Recap will arrive in your inbox. Every email has a one-click unsubscribe link.</p>
      </NewsletterNotice>
    );
  }
  return (
    <NewsletterNotice
      title="This link has expired"
      tone="problem"
      next={{ to: "/newsletter", label: "Subscribe again" }}
    >
      <p>A confirmation link works once, for 48 hours. If you have not confirmed yet, ask for a new one.</p>
    </NewsletterNotice>
  );
}

const READ_FOLLOWS = { to: "/explorer", label: "Browse the Top Players" };

function FollowsConfirm({ outcome }: { outcome: "pending" | "confirmed" | "already" }) {
  if (outcome === "pending")
    return (
      <NewsletterNotice title="Confirm your address" tone="ok">
        <p>One more step: confirm that you want the digest of what you follow at this address.</p>
        <form method="post">
          <button
            type="submit"
            className="min-h-11 rounded-md bg-ink-900 px-4 py-2 font-semibold text-white hover:bg-ink-800"
          >
            Confirm and follow
          </button>
        </form>
      </NewsletterNotice>
    );
  return (
    <NewsletterNotice
      title={outcome === "confirmed" ? "You're following" : "Your address is confirmed"}
      tone="ok"
      next={READ_FOLLOWS}
    >
      <p>
        What you follow comes in your digest when the hub has something new about it. Every digest links to a page where
        you can change what you follow, and has a one-click unsubscribe link.
      </p>
    </NewsletterNotice>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

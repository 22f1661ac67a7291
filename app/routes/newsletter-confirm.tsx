import { data } from "react-router";
import { pageMeta, siteFromMatches } from "../components/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { STATIC_PAGE } from "../components/static-page";
import { NewsletterNotice, READ_RECAPS } from "../features/newsletter/newsletter-notice";
import { confirmSubscription } from "../../server/newsletter/subscribers.server";
import { appContext } from "../context";
import type { Route } from "./+types/newsletter-confirm";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta({
    site: siteFromMatches(matches),
    title: loaderData?.outcome === "confirmed" ? "Subscription confirmed" : loaderData?.outcome === "already" ? "Already subscribed" : "Link expired",
    description: "Confirm your subscription to the Weekly Recap.",
    path: "/newsletter",
  }),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

/** The link in the confirmation mail: one use, within its time. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const outcome = await confirmSubscription(database.db, params.token);
  return data({ outcome }, { status: outcome === "expired" ? 410 : 200 });
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  if (loaderData.outcome === "already") {
    return (
      <NewsletterNotice title="You're already subscribed" tone="ok" next={READ_RECAPS}>
        <p>This link was used before: your address is confirmed, and the Weekly Recap comes to your inbox. Every email has a one-click unsubscribe link.</p>
      </NewsletterNotice>
    );
  }
  if (loaderData.outcome === "confirmed") {
    return (
      <NewsletterNotice title="You're subscribed" tone="ok" next={READ_RECAPS}>
        <p>The next Weekly Recap will arrive in your inbox. Every email has a one-click unsubscribe link.</p>
      </NewsletterNotice>
    );
  }
  return (
    <NewsletterNotice title="This link has expired" tone="problem" next={{ to: "/newsletter", label: "Subscribe again" }}>
      <p>A confirmation link works once, for 48 hours. If you have not confirmed yet, ask for a new one.</p>
    </NewsletterNotice>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

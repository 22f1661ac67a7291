import { data } from "react-router";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { STATIC_PAGE } from "../lib/static-page";
import { NewsletterNotice } from "../features/newsletter/newsletter-notice";
import { resubscribe } from "#server/newsletter/subscribers.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import type { Route } from "./+types/newsletter-resubscribe";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    site: siteFromMatches(matches),
    title: "Subscribe again",
    description: "Get the Weekly Recap emails again.",
    path: "/newsletter",
  }),
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

// The page's loader runs after the action too (to render it): it must do nothing.
export function loader() {
  return null;
}

/** "Subscribe again" after an unsubscribe: the key proves a confirmed owner, so no new confirmation is asked. */
export async function action({ params, context }: Route.ActionArgs) {
  const { database } = context.get(appContext);
  const again = await resubscribe(database.db, params.key);
  return data({ again }, { status: again ? 200 : 404 });
}

export default function NewsletterResubscribe({ actionData }: Route.ComponentProps) {
  if (actionData?.again) {
    return (
      <NewsletterNotice title="Welcome back" tone="ok">
        <p>You are subscribed again: the next Weekly Recap will reach you.</p>
      </NewsletterNotice>
    );
  }
  return (
    <NewsletterNotice title="Nothing to change" tone="problem" next={{ to: "/newsletter", label: "Subscribe" }}>
      <p>This link belongs to no unsubscribed address. To get the Weekly Recap, subscribe with your email address.</p>
    </NewsletterNotice>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

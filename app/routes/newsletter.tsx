import { data } from "react-router";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { STATIC_PAGE } from "../lib/static-page";
import { SubscribeForm } from "../components/subscribe-form";
import { clientAddress } from "#server/http/client-address.server.ts";
import { NewsletterNotice, READ_RECAPS } from "../features/newsletter/newsletter-notice";
import { subscribeFromForm } from "#server/newsletter/subscribe.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import type { Route } from "./+types/newsletter";
import { readForm } from "../lib/read-form.server";

// The form works as plain HTML on every page; this page is where it posts, and it ships no script.
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "The Weekly Recap by email",
    description: "Get the Weekly Industry Recap in your inbox: free, with a one-click unsubscribe.",
    path: "/newsletter",
  });

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retry = actionHeaders.get("Retry-After");
  return {
    "Cache-Control": "no-store",
    ...(retry ? { "Retry-After": retry } : {}),
    ...Object.fromEntries(loaderHeaders),
  };
};

export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  // A form on another site cannot sign someone up from their browser: React Router refuses an
  // action whose Origin is not this site's (400) before it gets here.
  const { database, newsletter } = context.get(appContext);
  const answer = await subscribeFromForm(database.db, newsletter, await readForm(request), clientAddress(request));
  if (answer.ok) return { ok: true as const, message: answer.message };
  return data(
    { ok: false as const, error: answer.error, email: answer.email ?? "" },
    { status: answer.status, headers: answer.retryAfter ? { "Retry-After": String(answer.retryAfter) } : {} },
  );
}

export default function Newsletter({ actionData }: Route.ComponentProps) {
  if (actionData?.ok) {
    return (
      <NewsletterNotice title="Almost there" tone="ok" next={READ_RECAPS}>
        <p>{actionData.message}</p>
      </NewsletterNotice>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="mb-6 font-display text-3xl font-semibold text-ink-950">Subscribe</h1>
      <SubscribeForm source="newsletter" error={actionData?.error} email={actionData?.email} />
      <p className="mt-6 text-sm text-ink-600">
        We keep your address, when and where you subscribed, and what we sent you; nothing else. It is never shown to
        anyone or shared. Every email has a one-click unsubscribe link.
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

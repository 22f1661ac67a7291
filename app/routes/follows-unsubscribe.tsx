import { data } from "react-router";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { STATIC_PAGE } from "../lib/static-page";
import { NewsletterNotice } from "../features/newsletter/newsletter-notice";
import { appContext } from "#server/http/app-context.server.ts";
import { readFollowLink } from "#server/follows/follow-links.server.ts";
import { digestSettings, setDigest } from "#server/follows/follows.server.ts";
import { FOLLOW_TEXTS } from "#common/follows/follow-item.ts";
import type { Route } from "./+types/follows-unsubscribe";
import { readForm } from "../lib/read-form.server";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    site: siteFromMatches(matches),
    title: "Stop the digest",
    description: "Stop the digest of what you follow.",
    path: "/follow",
  }),
  { name: "robots", content: "noindex" },
];

// "same-origin": this page's forms must post with the site's Origin (see newsletter-unsubscribe.tsx).
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

/**
 * The digest's unsubscribe link (issue 42): opening it changes nothing (link scanners open links
 * too); the button stops the digest, and the Weekly Recap is left as it is. A mailbox provider's
 * RFC 8058 one-click POST is answered before React Router (server/http/one-click-unsubscribe.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const link = await readFollowLink(database.db, params.token, "stop");
  const settings = link && (await digestSettings(database.db, link.id));
  if (!settings) return data({ state: "unknown" as const }, { status: 404 });
  return { state: settings.digest === "on" ? ("on" as const) : ("off" as const) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { database } = context.get(appContext);
  const link = await readFollowLink(database.db, params.token, "stop");
  if (!link) return data({ state: "unknown" as const }, { status: 404 });
  const start = (await readForm(request)).get("intent") === "start";
  const done = await setDigest(database.db, link.id, start);
  if (done === undefined) return data({ state: "unknown" as const }, { status: 404 });
  return { state: start ? ("on" as const) : ("off" as const) };
}

export default function FollowsUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.state ?? loaderData.state;
  if (state === "unknown")
    return (
      <NewsletterNotice title="Nothing to unsubscribe" tone="problem" next={{ to: "/", label: "Go to the home page" }}>
        <p>{FOLLOW_TEXTS.badLink}</p>
      </NewsletterNotice>
    );
  if (state === "on")
    return (
      <NewsletterNotice title="Stop the digest?" tone="ok">
        <p>Press the button and this address gets no more digests. The Weekly Recap, if you get it, is not affected.</p>
        <form method="post">
          <input type="hidden" name="intent" value="stop" />
          <button
            type="submit"
            className="min-h-11 rounded-md bg-ink-900 px-4 py-2 font-semibold text-white hover:bg-ink-800"
          >
            Unsubscribe
          </button>
        </form>
      </NewsletterNotice>
    );
  return (
    <NewsletterNotice title="You're unsubscribed from the digest" tone="ok">
      <p>{FOLLOW_TEXTS.digestStopped}</p>
      <form method="post">
        <input type="hidden" name="intent" value="start" />
        <p className="text-sm">Clicked by mistake?</p>
        <button
          type="submit"
          className="mt-2 min-h-11 rounded-md border border-ink-900/20 px-4 py-2 font-semibold text-ink-900 hover:bg-paper"
        >
          Start the digest again
        </button>
      </form>
    </NewsletterNotice>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

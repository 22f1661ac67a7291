import { data } from "react-router";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { STATIC_PAGE } from "../lib/static-page";
import { appContext } from "#server/http/app-context.server.ts";
import { COMPANIES } from "#server/content/companies.server.ts";
import { readFollowLink } from "#server/follows/follow-links.server.ts";
import { findFollowItem, followItems } from "#server/follows/follow-items.server.ts";
import {
  digestSettings,
  followsOf,
  removeAllFollows,
  removeFollow,
  setCadence,
  setDigest,
} from "#server/follows/follows.server.ts";
import {
  CADENCE_NAMES,
  DIGEST_CADENCES,
  FOLLOW_KIND_WORDS,
  FOLLOW_KINDS,
  FOLLOW_TEXTS,
} from "#common/follows/follow-item.ts";
import type { Route } from "./+types/follows-manage";
import { readForm } from "../lib/read-form.server";

export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    site: siteFromMatches(matches),
    title: FOLLOW_TEXTS.manageTitle,
    description: "What this address follows on the hub, and how often it hears about it.",
    path: "/follow",
  }),
  { name: "robots", content: "noindex" },
];

// "same-origin": this page's forms must post with the site's Origin (see newsletter-unsubscribe.tsx).
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });

/** The page every digest links to (issue 42): the signed link is the only credential, as an unsubscribe link is. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const link = await readFollowLink(database.db, params.token, "manage");
  const settings = link && (await digestSettings(database.db, link.id));
  if (!link || !settings) throw data(FOLLOW_TEXTS.badLink, { status: 404 });
  const items = await followItems(database.db, COMPANIES, await followsOf(database.db, link.id));
  return { items, digest: settings.digest, cadence: settings.digest_cadence };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { database } = context.get(appContext);
  const link = await readFollowLink(database.db, params.token, "manage");
  if (!link) throw data(FOLLOW_TEXTS.badLink, { status: 404 });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "remove") {
    const kind = FOLLOW_KINDS.find((k) => k === form.get("kind"));
    const key = String(form.get("item") ?? "");
    if (kind) await removeFollow(database.db, link.id, kind, key);
    // The name said back is the item's own, never one the form sent (a replay could make it say anything).
    const item = kind && (await findFollowItem(database.db, COMPANIES, kind, key));
    return { notice: FOLLOW_TEXTS.removed(item ? item.name : "it") };
  }
  if (intent === "remove-all") {
    await removeAllFollows(database.db, link.id);
    return { notice: FOLLOW_TEXTS.removedAll };
  }
  if (intent === "cadence") {
    const cadence = DIGEST_CADENCES.find((c) => c === form.get("cadence"));
    if (!cadence) return data({ notice: "Choose how often." }, { status: 400 });
    await setCadence(database.db, link.id, cadence);
    return { notice: FOLLOW_TEXTS.cadenceSaved(cadence) };
  }
  if (intent === "stop" || intent === "start") {
    await setDigest(database.db, link.id, intent === "start");
    return { notice: intent === "start" ? FOLLOW_TEXTS.digestStarted : FOLLOW_TEXTS.digestStopped };
  }
  return data({ notice: "Unknown request." }, { status: 400 });
}

const BUTTON = "min-h-11 rounded-md bg-ink-900 px-4 py-2 font-semibold text-white hover:bg-ink-800";
const QUIET = "min-h-11 rounded-md border border-ink-900/20 px-4 py-2 font-semibold text-ink-900 hover:bg-paper";

export default function FollowsManage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, digest, cadence } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6" aria-labelledby="follows-title">
      <h1 id="follows-title" className="mb-4 font-display text-3xl font-semibold text-ink-950">
        {FOLLOW_TEXTS.manageTitle}
      </h1>
      {actionData?.notice ? (
        <p role="status" className="mb-4 rounded-md bg-paper px-3 py-2 text-ink-900">
          {actionData.notice}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="text-ink-700">{FOLLOW_TEXTS.noFollows}</p>
      ) : (
        <ul className="divide-y divide-ink-900/10 border-y border-ink-900/10">
          {items.map((item) => (
            <li key={`${item.kind}:${item.key}`} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <span>
                <a href={item.url} className="font-semibold text-copper-700 underline">
                  {item.name}
                </a>{" "}
                <span className="text-sm text-ink-600">
                  {item.kind === "brand" && item.owner
                    ? `brand of ${item.owner}`
                    : FOLLOW_KIND_WORDS[item.kind].toLowerCase()}
                </span>
              </span>
              <form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="kind" value={item.kind} />
                <input type="hidden" name="item" value={item.key} />
                <button type="submit" className={QUIET} aria-label={`Remove ${item.name}`}>
                  Remove
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {items.length > 1 ? (
        <form method="post" className="mt-4">
          <input type="hidden" name="intent" value="remove-all" />
          <button type="submit" className={QUIET}>
            Remove all
          </button>
        </form>
      ) : null}
      <form method="post" className="mt-8 space-y-2">
        <input type="hidden" name="intent" value="cadence" />
        <fieldset>
          <legend className="font-semibold text-ink-950">How often</legend>
          {DIGEST_CADENCES.map((c) => (
            <label key={c} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="cadence" value={c} defaultChecked={c === cadence} />
              {CADENCE_NAMES[c]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={BUTTON}>
          Save
        </button>
      </form>
      <form method="post" className="mt-8">
        <input type="hidden" name="intent" value={digest === "on" ? "stop" : "start"} />
        <p className="mb-2 text-sm text-ink-700">
          {digest === "on"
            ? "The digest comes to this address. Stopping it leaves the Weekly Recap, if you get it, as it is."
            : "The digest is stopped at this address."}
        </p>
        <button type="submit" className={QUIET}>
          {digest === "on" ? "Stop the digest" : "Start the digest"}
        </button>
      </form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

import { listTopics } from "#server/search/topics.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { topicCounts, topicPath } from "#common/topics/topic.ts";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { ISLANDS_PAGE } from "../lib/static-page";
import { RouteErrorFallback } from "../components/route-error-fallback";
import type { Route } from "./+types/topics";

// Plain HTML: a list of links.
export const handle = ISLANDS_PAGE;

export async function loader({ context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const topics = (await listTopics(database.db)).map(({ spellings: _, ...t }) => t);
  return { topics };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: "Topics",
    description: "Every topic the hub's recaps and podcast episodes cover, with how much each has.",
    path: "/topics",
  });

export default function TopicsPage({ loaderData }: Route.ComponentProps) {
  const { topics } = loaderData;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl font-semibold text-ink-950">Topics</h1>
      <p className="mt-2 text-ink-700">
        Every tag on a recap or an episode has a page of its own, the most covered first.
      </p>
      {topics.length === 0 ? (
        <p className="mt-8 rounded-card border border-dashed border-ink-300 bg-surface p-8 text-center text-ink-700">
          No topics yet: tags on recaps and episodes appear here.
        </p>
      ) : (
        <ul className="mt-8 grid gap-3 sm:grid-cols-2">
          {topics.map((topic) => (
            <li key={topic.slug}>
              <a
                href={topicPath(topic.slug)}
                className="flex items-baseline justify-between gap-3 rounded-card border border-ink-900/10 bg-surface px-4 py-3 hover:border-copper-500"
              >
                <span className="font-semibold text-ink-950">{topic.name}</span>
                <span className="text-sm whitespace-nowrap text-ink-600">{topicCounts(topic)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

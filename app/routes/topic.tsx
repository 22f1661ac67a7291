import { Rss } from "lucide-react";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { COMPANIES } from "#server/content/companies.server.ts";
import { pageNumber } from "#server/data/list-page.server.ts";
import { slugOf, topicPage } from "#server/search/topics.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { countOf, TOPIC_NOT_FOUND, TOPICS_PATH, topicCounts, topicFeedPath, topicPath } from "#common/topics/topic.ts";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { ISLANDS_PAGE } from "../lib/static-page";
import { Pager, numberedPager, pagerLinks } from "../components/pager";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { NotFoundPanel } from "../components/not-found-panel";
import { TopicItemList } from "../features/topics/topic-item-list";
import { FollowForm } from "../components/follow-form";
import { followFeedPath } from "#common/follows/follow-item.ts";
import { FamilyTrend } from "../components/charts/family-trend";
import { topicTrend } from "#server/market/market-figures.server.ts";
import { familyHeadline } from "#common/market/family-headline.ts";
import { importFigures } from "#server/records/import-figures.server.ts";
import { IMPORT_TOPICS } from "#common/records/import-figures.ts";
import { TopicImports } from "../features/topics/topic-imports";
import type { Route } from "./+types/topic";

// Plain HTML: links and a pager.
export const handle = ISLANDS_PAGE;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const raw = params.slug ?? "";
  const slug = slugOf(raw);
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  // One address per topic: /topics/New%20York and /topics/NEW-YORK lead to /topics/new-york.
  if (slug && encodeURIComponent(slug) !== encodeURIComponent(raw))
    throw redirect(`${topicPath(slug)}${page > 1 ? `?page=${page}` : ""}`, 301);
  const { database } = context.get(appContext);
  const found = slug ? await topicPage(database.db, { slug, page, companies: COMPANIES }) : undefined;
  if (!found) throw data(TOPIC_NOT_FOUND, { status: 404 });
  // A topic that stands for a family of spirits shows that family's figures (issue 39).
  const { name, slug: own } = found.topic;
  const [trend, imports] = await Promise.all([
    topicTrend(database.db, [name, own, own.replaceAll("-", " ")]),
    IMPORT_TOPICS.includes(own) ? importFigures(database.db) : undefined,
  ]);
  return { ...found, trend: trend ?? null, imports: imports ?? null };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const site = siteFromMatches(matches);
  if (!loaderData)
    return [
      ...pageMeta({
        site,
        title: "Topic not found",
        description: TOPIC_NOT_FOUND,
        path: `${TOPICS_PATH}/${params.slug}`,
      }),
      { name: "robots", content: "noindex" },
    ];
  const { topic } = loaderData;
  const path = topicPath(topic.slug)!;
  return [
    ...pageMeta({
      site,
      title: `${topic.name}${loaderData.page > 1 ? ` (page ${loaderData.page})` : ""}`,
      description: `Every recap and podcast episode about ${topic.name} on the hub, newest first.`,
      path: loaderData.page > 1 ? `${path}?page=${loaderData.page}` : path,
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${topic.name} (RSS)`,
      href: topicFeedPath(topic.slug),
    },
    ...pagerLinks(site?.siteUrl ?? "", numberedPager(path, {}, loaderData)),
  ];
};

export default function TopicPage({ loaderData }: Route.ComponentProps) {
  const { topic, items, companies, trend, imports } = loaderData;
  const path = topicPath(topic.slug)!;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <p className="text-sm">
        <a href={TOPICS_PATH} className="font-medium text-copper-700 hover:underline">
          All topics
        </a>
      </p>
      <h1 className="mt-2 font-display text-3xl font-semibold text-ink-950">{topic.name}</h1>
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-ink-700">
        <span>{topicCounts(topic)}</span>
        <a
          href={topicFeedPath(topic.slug)}
          className="inline-flex items-center gap-1 font-medium text-copper-700 hover:underline"
        >
          <Rss className="h-4 w-4" aria-hidden="true" />
          RSS feed for {topic.name}
        </a>
      </p>
      <div className="mt-2 grid gap-8 lg:grid-cols-[1fr_16rem]">
        <section aria-labelledby="topic-items">
          {trend ? (
            <section aria-labelledby="topic-market" className="mb-8">
              <h2 id="topic-market" className="mb-3 font-display text-lg font-semibold text-ink-950">
                {trend.family.label} in the hub&rsquo;s market data
              </h2>
              <FamilyTrend trend={trend} headline={familyHeadline(trend)} />
            </section>
          ) : null}
          {imports ? <TopicImports figures={imports} /> : null}
          <h2 id="topic-items" className="sr-only">
            Recaps and episodes
          </h2>
          <TopicItemList items={items} />
          <Pager className="mt-6" label={`${topic.name} pages`} pager={numberedPager(path, {}, loaderData)} />
        </section>
        <aside aria-labelledby="topic-companies" className="lg:pt-6">
          <h2 id="topic-companies" className="font-display text-lg font-semibold text-ink-950">
            Companies most mentioned
          </h2>
          {companies.length === 0 ? (
            <p className="mt-2 text-sm text-ink-700">No Top Player is named under this topic yet.</p>
          ) : (
            <ol className="mt-2 space-y-2">
              {companies.map((c) => (
                <li key={c.id} className="flex items-baseline justify-between gap-2">
                  <a href={`/explorer?company=${c.id}`} className="font-medium text-ink-900 hover:underline">
                    {c.name}
                  </a>
                  <span className="text-sm whitespace-nowrap text-ink-600">{countOf(c.items, "item", "items")}</span>
                </li>
              ))}
            </ol>
          )}
          <div className="mt-6">
            <FollowForm
              item={{ kind: "topic", key: topic.slug, name: topic.name, feedUrl: followFeedPath("topic", topic.slug) }}
              source="topic"
            />
          </div>
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <NotFoundPanel title="Topic not found" message={TOPIC_NOT_FOUND} href={TOPICS_PATH} linkText="See all topics" />
    );
  return <RouteErrorFallback error={error} />;
}

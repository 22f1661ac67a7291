import { useEffect } from "react";
import { data, useNavigation } from "react-router";
import {
  episodePage,
  episodePosition,
  extrasOfEpisodes,
  latestEpisode,
  SERIES,
  type EpisodeExtras,
  type Series,
} from "#server/data/episodes.server.ts";
import { rowId } from "#common/data/row-id.ts";
import { pageNumber, readNumberedPage } from "#server/data/list-page.server.ts";
import { siteFromMatches } from "../lib/page-meta";
import { ISLANDS_PAGE } from "../lib/static-page";
import { numberedPager, Pager, pagerLinks, type PagerState } from "../components/pager";
import { ToolPageHeader } from "../components/tool-page-header";
import { appContext } from "#server/http/app-context.server.ts";
import { EpisodeCard } from "../features/podcast/episode-card";
import { scrollToSharedMoment } from "../features/podcast/shared-moment";
import { podcastMeta } from "../features/podcast/podcast-meta";
import { PODCAST_INTRO, PODCAST_TITLE, SERIES_NAME, SERIES_SUBTITLE } from "#common/podcast/podcast-text.ts";
import { EpisodeSearch } from "../features/podcast/episode-search";
import { SeriesFilter } from "../features/podcast/series-filter";
import { PODCAST_FEEDS, SubscribeLinks } from "../features/podcast/subscribe-links";
import type { Route } from "./+types/podcast";

const seriesFrom = (value: string | null): Series | undefined => SERIES.find((s) => s === value);

/** Episodes listed at a time, each with its player and comments. */
export const EPISODES_PER_PAGE = 10;

const episodesPager = (state: { series: Series | undefined; q: string; page: number; pageCount: number }): PagerState =>
  numberedPager("/podcast", { series: state.series, q: state.q || undefined }, state);

async function pageOfEpisode(
  db: Parameters<typeof episodePosition>[0],
  id: number,
  series: Series | undefined,
): Promise<number> {
  const position = await episodePosition(db, id, series);
  return position === undefined ? 1 : Math.floor(position / EPISODES_PER_PAGE) + 1;
}

// Plain HTML with islands (comments, players, copy buttons): a reader's first paint waits for
// no script, and the islands' code (React without the router) loads after the page.
export const handle = ISLANDS_PAGE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, config, logger } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const series = seriesFrom(params.get("series"));
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  // An episode's own address (feeds, shared moments) asks for the page that holds it.
  const episodeId = rowId(params.get("episode"));
  const requested =
    episodeId && !params.has("page")
      ? await pageOfEpisode(database.db, episodeId, series)
      : pageNumber(params.get("page"));
  try {
    const [latest, { items: episodes, total, page, pageCount }] = await Promise.all([
      latestEpisode(database.db, config.MEDIA_BASE_URL),
      readNumberedPage(requested, EPISODES_PER_PAGE, (window) =>
        episodePage(database.db, { series, q, mediaBaseUrl: config.MEDIA_BASE_URL, window }),
      ),
    ]);
    const extras = await extrasOfEpisodes(
      database.db,
      episodes.map((e) => e.id),
      episodeId,
    );
    return { series, q, latest: latest ?? null, episodes, extras, total, page, pageCount, failed: false };
  } catch (err) {
    // The page still renders, and says the episodes could not be read.
    logger.error({ err }, "episodes could not be read");
    return data(
      {
        series,
        q,
        latest: null,
        episodes: [],
        extras: {} as Record<number, EpisodeExtras>,
        total: 0,
        page: 1,
        pageCount: 1,
        failed: true,
      },
      { status: 503 },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  const pager = loaderData && episodesPager(loaderData);
  return [
    ...podcastMeta(site, loaderData?.episodes ?? [], {
      filtered: Boolean(loaderData?.series || loaderData?.q),
      path: pager ? pager.href(pager.page) : "/podcast",
      page: pager?.page ?? 1,
    }),
    ...pagerLinks(site?.siteUrl ?? "", pager),
  ];
};

export const links: Route.LinksFunction = () =>
  PODCAST_FEEDS.map((feed) => ({ rel: "alternate", type: "application/rss+xml", title: feed.title, href: feed.path }));

function PodcastHeader() {
  return <ToolPageHeader backLabel="Back to Home" title={PODCAST_TITLE} subtitle={PODCAST_INTRO} />;
}

export default function PodcastPage({ loaderData }: Route.ComponentProps) {
  const { series, q, latest, episodes, extras, total, failed } = loaderData;
  const pager = episodesPager(loaderData);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/podcast";

  useEffect(scrollToSharedMoment, []);

  if (failed) return <EpisodesError />;
  return (
    <>
      <PodcastHeader />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="min-w-0 space-y-10">
          {latest ? (
            <section aria-labelledby="latest" className="rounded-card bg-surface p-5 shadow-card sm:p-8">
              <h2 id="latest" className="mb-4 text-sm font-semibold uppercase tracking-wide text-copper-700">
                Latest Episode
              </h2>
              <EpisodeCard episode={latest} headingLevel={3} anchor={false} missingAudioText="Audio not available" />
            </section>
          ) : null}
          <section aria-labelledby="episodes" aria-busy={loading} className="space-y-6">
            <SeriesFilter current={series} />
            <EpisodeSearch q={q} series={series} />
            {loading ? (
              <p role="status" className="text-sm text-ink-600">
                Loading episodes...
              </p>
            ) : null}
            <div>
              <h2 id="episodes" className="font-display text-2xl font-semibold text-ink-950">
                {series ? SERIES_NAME[series] : "All Episodes"}
              </h2>
              <p className="mt-1 text-sm text-ink-600">
                {`${total} ${total === 1 ? "episode" : "episodes"}`}
                {q ? ` matching “${q}”` : ""}
                {series ? ` · ${SERIES_SUBTITLE[series]}` : ""}
              </p>
            </div>
            {episodes.length === 0 ? (
              <p className="rounded-card bg-surface p-6 text-ink-600">
                {q ? "No episodes found matching your search." : "No episodes yet."}
              </p>
            ) : (
              // Each card is `content-visibility: auto`: one off the screen is neither styled nor laid out until
              // it nears it (its own shadow is not content, so paint containment does not cut it).
              <ol className={`space-y-6 ${loading ? "opacity-60" : ""}`}>
                {episodes.map((episode) => (
                  <li
                    key={episode.id}
                    className="rounded-card bg-surface p-5 shadow-card [content-visibility:auto] [contain-intrinsic-size:auto_1000px] sm:p-8"
                  >
                    <EpisodeCard
                      episode={episode}
                      extras={extras[episode.id]}
                      headingLevel={3}
                      anchor
                      missingAudioText="Audio file not available"
                      showSeries={!series}
                    />
                  </li>
                ))}
              </ol>
            )}
            <Pager pager={pager} label="Episode pages" />
          </section>
        </div>
        <aside className="lg:sticky lg:top-20 lg:self-start">
          <SubscribeLinks />
        </aside>
      </div>
    </>
  );
}

function EpisodesError() {
  return (
    <>
      <PodcastHeader />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <p
          role="alert"
          className="rounded-card border border-danger-700/30 bg-surface p-6 font-semibold text-danger-700"
        >
          Error loading episodes
        </p>
      </div>
    </>
  );
}

// Whatever goes wrong loading this page, the visitor reads the spec's message under the page's own header.
export function ErrorBoundary() {
  return <EpisodesError />;
}

import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import { pageNumber, readNumberedPage } from "#server/data/list-page.server.ts";
import { recapHeadlinePage, recapMatches } from "#server/data/recaps.server.ts";
import { rowId } from "#common/data/row-id.ts";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { Pager, pagerLinks } from "../components/pager";
import { SubscribeForm } from "../components/subscribe-form";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { ToolPageHeader } from "../components/tool-page-header";
import { appContext } from "#server/http/app-context.server.ts";
import { RecapList, recapListPager, RECAPS_PER_PAGE } from "../features/recap/recap-list";
import { getRecapView } from "#server/data/recap-view.server.ts";
import { RecapReader } from "../features/recap/recap-reader";
import { RecapSearch } from "../features/recap/recap-search";
import { RECAP_SUBTITLE, RECAP_TITLE } from "../features/recap/recap-text";
import type { Route } from "./+types/recap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, config } = context.get(appContext);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const {
    items: recaps,
    page,
    pageCount,
  } = await readNumberedPage(pageNumber(url.searchParams.get("page")), RECAPS_PER_PAGE, (window) =>
    recapHeadlinePage(database.db, q, window),
  );
  // The chosen recap if it matches the search, wherever it stands in the list; otherwise this page's first.
  const wanted = rowId(url.searchParams.get("id"));
  const selectedId =
    wanted && (recaps.some((r) => r.id === wanted) || (await recapMatches(database.db, q, wanted)))
      ? wanted
      : recaps[0]?.id;
  const selected = selectedId ? ((await getRecapView(database.db, selectedId, config.MEDIA_BASE_URL)) ?? null) : null;
  return { q, recaps, page, pageCount, selected };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  const pager = loaderData && recapListPager(loaderData);
  // Each page of the list is its own address; a search result page is for people, not for the index.
  const path = pager ? pager.href(pager.page) : "/recap";
  return [
    ...pageMeta({
      site,
      title: pager && pager.page > 1 ? `${RECAP_TITLE}, page ${pager.page}` : RECAP_TITLE,
      description: RECAP_SUBTITLE,
      path,
    }),
    ...pagerLinks(site?.siteUrl ?? "", pager),
    ...(loaderData?.q ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

export default function RecapPage({ loaderData }: Route.ComponentProps) {
  const { q, recaps, selected } = loaderData;
  const pager = recapListPager(loaderData);
  const navigation = useNavigation();
  const pending =
    navigation.state === "loading" && navigation.location.pathname === "/recap"
      ? new URLSearchParams(navigation.location.search)
      : null;
  const listLoading = pending !== null && (pending.get("q") ?? "") !== q;
  const readerLoading = pending !== null && !listLoading;

  // On a phone the reader sits below the list: after a pick, bring it into view.
  const picked = useRef(false);
  const readerHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!picked.current) return;
    picked.current = false;
    const heading = readerHeading.current;
    if (heading && window.matchMedia("(max-width: 767px)").matches) {
      heading.scrollIntoView({ block: "start" });
      heading.focus({ preventScroll: true });
    }
  }, [selected?.id]);

  return (
    <>
      <ToolPageHeader backLabel="Back to Home" title={RECAP_TITLE} subtitle={RECAP_SUBTITLE} />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 md:grid-cols-[minmax(0,300px)_minmax(0,1fr)] md:gap-8">
        <aside
          aria-label="Recaps"
          className="md:sticky md:top-20 md:max-h-[calc(100dvh-6rem)] md:self-start md:overflow-y-auto md:pr-1"
        >
          <RecapSearch q={q} />
          <RecapList
            recaps={recaps}
            pager={pager}
            selectedId={selected?.id}
            loading={listLoading}
            onPick={() => (picked.current = true)}
          />
          <Pager pager={pager} label="Recap pages" className="mt-4" />
        </aside>
        <section
          aria-label="Selected recap"
          aria-busy={readerLoading}
          className={readerLoading ? "opacity-60 transition-opacity" : undefined}
        >
          {selected ? (
            <RecapReader headingRef={readerHeading} recap={selected} />
          ) : (
            <p className="rounded-card border border-dashed border-ink-300 bg-surface p-8 text-center text-ink-600">
              Select a recap from the list to read the full content.
            </p>
          )}
          <div className="mt-8">
            <SubscribeForm source="recap" />
          </div>
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

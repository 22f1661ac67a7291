import { appContext } from "#server/http/app-context.server.ts";
import { labelsPageData } from "#server/records/label-approvals.server.ts";
import {
  APPROVAL_CLASS_LABELS,
  APPROVAL_CLASSES,
  LABELS_FEED_PATH,
  LABELS_PATH,
  labelQuery,
} from "#common/records/label-approval.ts";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { ISLANDS_PAGE } from "../lib/static-page";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { DateText } from "../components/date-text";
import { Pager, numberedPager, pagerLinks } from "../components/pager";
import { LabelItems } from "../components/label-items";
import { FilterButton, FilterSelect } from "../components/filter-select";
import { SourceNote } from "../features/market/source-note";
import type { Route } from "./+types/data-labels";

// Plain HTML: a list, a filter form that submits itself (GET), and links. Works the same without JavaScript.
export const handle = ISLANDS_PAGE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  return labelsPageData(database.db, new URL(request.url).searchParams);
}

const TITLE = "Label approvals";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  const query = loaderData ? labelQuery(loaderData.filters) : "";
  const path = `${LABELS_PATH}${loaderData ? labelQuery(loaderData.filters, loaderData.page) : ""}`;
  return [
    ...pageMeta({
      site,
      title: `${TITLE}${loaderData && loaderData.page > 1 ? ` (page ${loaderData.page})` : ""}`,
      description:
        "Every label approval the hub holds from TTB's Public COLA Registry, newest first: new brands, new products and renewals, joined to the Top Players.",
      path,
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${TITLE} (RSS)`,
      href: `${LABELS_FEED_PATH}${query}`,
    },
    ...(loaderData
      ? pagerLinks(
          site?.siteUrl ?? "",
          numberedPager(LABELS_PATH, paramsOf(loaderData.filters), {
            page: loaderData.page,
            pageCount: loaderData.pages,
          }),
        )
      : []),
  ];
};

const paramsOf = (filters: {
  company?: number | undefined;
  approvalClass?: string | undefined;
  classType?: string | undefined;
}) => ({
  company: filters.company !== undefined ? String(filters.company) : undefined,
  class: filters.approvalClass,
  type: filters.classType,
});

export default function LabelsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pages, latest, filters, choices, source } = loaderData;
  const filtered = filters.company !== undefined || filters.approvalClass || filters.classType;
  const feed = `${LABELS_FEED_PATH}${labelQuery(filters)}`;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <p className="text-sm">
        <a href="/data" className="font-medium text-copper-700 hover:underline">
          Market data
        </a>
      </p>
      <h1 className="mt-2 font-display text-3xl font-semibold text-ink-950">{TITLE}</h1>
      <p className="mt-2 max-w-3xl text-ink-700">
        Every label the hub holds from TTB&rsquo;s Public COLA Registry, newest first, each joined to the Top Player
        whose brand it is where that is certain. A label is approved before it ships: new brands and new products show
        what the largest companies are about to do.
      </p>

      {latest === null ? (
        <p className="mt-8 rounded-card border border-dashed border-ink-300 bg-surface p-8 text-center text-ink-700">
          No label approvals yet. The operator imports the registry&rsquo;s export with{" "}
          <code className="font-mono text-sm">npm run hub -- data import ttb-cola &lt;file&gt;</code> or from the desk.
        </p>
      ) : (
        <>
          <form
            method="get"
            action={LABELS_PATH}
            className="mt-6 grid gap-3 rounded-card bg-surface p-4 shadow-card sm:grid-cols-4"
          >
            <FilterSelect
              label="Company"
              name="company"
              value={filters.company === undefined ? "" : String(filters.company)}
              all="All companies"
              options={choices.companies.map((c) => ({ value: String(c.id), label: c.name }))}
            />
            <FilterSelect
              label="Class"
              name="class"
              value={filters.approvalClass ?? ""}
              all="All classes"
              options={APPROVAL_CLASSES.map((c) => ({ value: c, label: APPROVAL_CLASS_LABELS[c] }))}
            />
            <FilterSelect
              label="Type"
              name="type"
              value={filters.classType ?? ""}
              all="All types"
              options={choices.types.map((t) => ({ value: t.code, label: t.description }))}
            />
            <FilterButton>Show approvals</FilterButton>
          </form>

          <div className="mt-6 flex flex-wrap items-baseline justify-between gap-3">
            <p className="text-sm text-ink-700" role="status">
              {total === 1 ? "One approval" : `${total.toLocaleString("en-US")} approvals`}
              {filtered ? " match these filters" : ""}. Latest approval held: <DateText date={latest} />.
            </p>
            <a href={feed} className="text-sm font-semibold text-copper-700 underline">
              RSS feed of these approvals
            </a>
          </div>

          {items.length === 0 ? (
            <p className="mt-4 rounded-card bg-surface p-6 text-ink-700">
              No approval matches these filters.{" "}
              <a href={LABELS_PATH} className="font-semibold text-copper-700 underline">
                Show every approval
              </a>
            </p>
          ) : (
            <div className="mt-2 rounded-card bg-surface px-4 shadow-card">
              <LabelItems items={items} />
            </div>
          )}
          <Pager
            className="mt-6"
            label="Label approval pages"
            pager={numberedPager(LABELS_PATH, paramsOf(filters), { page, pageCount: pages })}
          />
        </>
      )}

      <div className="mt-8">
        <SourceNote source={source} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

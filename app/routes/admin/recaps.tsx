import { Link } from "react-router";
import { pageNumber, readNumberedPage } from "../../../server/data/list-page";
import { recapHeadlinePage } from "../../../server/data/recaps.server";
import { listRecapDrafts } from "../../../server/desk/drafts.server";
import { requireStaff } from "../../../server/desk/desk-request.server";
import { appContext } from "../../context";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { DeskItemTable, DeskListFilter, DeskPager, filterShows, statusFilter } from "../../features/desk/desk-list";
import { deskMeta, DONE_TEXT } from "../../features/desk/desk-text";
import { DeskPage, FormMessage, primaryButton } from "../../features/desk/desk-ui";
import type { Route } from "./+types/recaps";

export const meta: Route.MetaFunction = () => deskMeta("Recaps");

const PER_PAGE = 25;
const NOTHING = { items: [], total: 0, page: 1, pageCount: 1 };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  await requireStaff(request, database);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const status = statusFilter(url.searchParams.get("status"));
  const shows = filterShows(status);
  const [drafts, published] = await Promise.all([
    shows.drafts ? listRecapDrafts(database.db, { q, state: shows.drafts === "all" ? undefined : shows.drafts }) : [],
    shows.published ? readNumberedPage(pageNumber(url.searchParams.get("page")), PER_PAGE, (w) => recapHeadlinePage(database.db, q, w)) : NOTHING,
  ]);
  const rows = [
    ...drafts.map((d) => ({ key: `d${d.id}`, href: `/admin/recaps/drafts/${d.id}`, title: d.headline, date: d.date, publishAt: d.publish_at })),
    ...published.items.map((r) => ({ key: `p${r.id}`, href: `/admin/recaps/${r.id}`, title: r.headline, date: r.date, publishAt: null, viewHref: `/recap/${r.id}` })),
  ];
  return { q, status, rows, published, done: url.searchParams.get("done") };
}

export default function DeskRecaps({ loaderData }: Route.ComponentProps) {
  const { q, status, rows, published, done } = loaderData;
  return (
    <DeskPage
      title="Recaps"
      actions={
        <Link to="/admin/recaps/new" className={primaryButton}>
          New recap
        </Link>
      }
    >
      <FormMessage notice={done ? DONE_TEXT[done] : undefined} />
      <DeskListFilter q={q} status={status} label="Search recaps" />
      <DeskItemTable caption="Recaps" rows={rows} empty={q ? "No recaps match your search." : "No recaps here yet."} />
      <DeskPager page={published.page} pageCount={published.pageCount} total={published.total} noun="published recap" />
    </DeskPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

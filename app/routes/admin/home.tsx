import { Link } from "react-router";
import { listLatestComments } from "../../../server/data/admin-comments.server";
import { listEpisodeDrafts, listRecapDrafts } from "../../../server/desk/drafts.server";
import { requireStaff } from "../../../server/desk/desk-request.server";
import { appContext } from "../../context";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { ScheduledTime } from "../../features/desk/scheduled-time";
import { deskMeta } from "../../features/desk/desk-text";
import { DeskPage, primaryButton, secondaryButton, StatusBadge } from "../../features/desk/desk-ui";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => deskMeta("Desk");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  await requireStaff(request, database);
  const [recaps, episodes, comments] = await Promise.all([
    listRecapDrafts(database.db),
    listEpisodeDrafts(database.db),
    listLatestComments(database.db, { limit: 5 }),
  ]);
  return {
    recaps: recaps.map(({ id, headline, date, publish_at }) => ({ id, headline, date, publish_at })),
    episodes: episodes.map(({ id, title, date, publish_at }) => ({ id, title, date, publish_at })),
    comments: comments.map(({ id, author_name, comment_text, parent_title, status }) => ({ id, author_name, comment_text, parent_title, status })),
  };
}

export default function DeskHome({ loaderData }: Route.ComponentProps) {
  const { recaps, episodes, comments } = loaderData;
  return (
    <DeskPage
      title="Desk"
      actions={
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/recaps/new" className={primaryButton}>
            New recap
          </Link>
          <Link to="/admin/episodes/new" className={secondaryButton}>
            New episode
          </Link>
        </div>
      }
    >
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="unpublished-recaps" className="rounded-card bg-surface p-5 shadow-card">
          <h2 id="unpublished-recaps" className="font-semibold text-ink-950">
            Recaps not yet published
          </h2>
          {recaps.length ? (
            <ul className="mt-3 divide-y divide-ink-100">
              {recaps.map((r) => (
                <li key={r.id} className="flex items-center justify-between gap-3 py-2">
                  <Link to={`/admin/recaps/drafts/${r.id}`} className="font-medium text-ink-900 underline">
                    {r.headline}
                  </Link>
                  <span className="shrink-0 text-sm text-ink-600">
                    {r.publish_at ? <ScheduledTime iso={r.publish_at} /> : <StatusBadge status="draft" />}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-ink-600">No drafts or scheduled recaps.</p>
          )}
        </section>
        <section aria-labelledby="unpublished-episodes" className="rounded-card bg-surface p-5 shadow-card">
          <h2 id="unpublished-episodes" className="font-semibold text-ink-950">
            Episodes not yet published
          </h2>
          {episodes.length ? (
            <ul className="mt-3 divide-y divide-ink-100">
              {episodes.map((e) => (
                <li key={e.id} className="flex items-center justify-between gap-3 py-2">
                  <Link to={`/admin/episodes/drafts/${e.id}`} className="font-medium text-ink-900 underline">
                    {e.title}
                  </Link>
                  <span className="shrink-0 text-sm text-ink-600">
                    {e.publish_at ? <ScheduledTime iso={e.publish_at} /> : <StatusBadge status="draft" />}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-ink-600">No drafts or scheduled episodes.</p>
          )}
        </section>
        <section aria-labelledby="latest-comments" className="rounded-card bg-surface p-5 shadow-card md:col-span-2">
          <h2 id="latest-comments" className="font-semibold text-ink-950">
            Latest comments
          </h2>
          {comments.length ? (
            <ul className="mt-3 divide-y divide-ink-100">
              {comments.map((c) => (
                <li key={c.id} className="py-2 text-sm">
                  <span className="font-semibold text-ink-900">{c.author_name}</span> on {c.parent_title} <StatusBadge status={c.status} />
                  <p className="mt-1 line-clamp-2 text-ink-700">{c.comment_text}</p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-ink-600">No comments yet.</p>
          )}
          <Link to="/admin/comments" className="mt-3 inline-block text-sm font-semibold text-copper-700 underline">
            Moderate comments
          </Link>
        </section>
      </div>
    </DeskPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

import { Link } from "react-router";
import { listLatestComments } from "#server/data/admin-comments.server.ts";
import { listEpisodeDrafts, listRecapDrafts } from "#server/desk/drafts.server.ts";
import { requireStaff } from "./desk-request.server";
import { appContext } from "#server/http/app-context.server.ts";
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
    comments: comments.map(({ id, author_name, comment_text, parent_title, status }) => ({
      id,
      author_name,
      comment_text,
      parent_title,
      status,
    })),
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
        <Unpublished
          id="unpublished-recaps"
          title="Recaps not yet published"
          empty="No drafts or scheduled recaps."
          items={recaps.map((r) => ({
            href: `/admin/recaps/drafts/${r.id}`,
            title: r.headline,
            publishAt: r.publish_at,
          }))}
        />
        <Unpublished
          id="unpublished-episodes"
          title="Episodes not yet published"
          empty="No drafts or scheduled episodes."
          items={episodes.map((e) => ({
            href: `/admin/episodes/drafts/${e.id}`,
            title: e.title,
            publishAt: e.publish_at,
          }))}
        />
        <section aria-labelledby="latest-comments" className="rounded-card bg-surface p-5 shadow-card md:col-span-2">
          <h2 id="latest-comments" className="font-semibold text-ink-950">
            Latest comments
          </h2>
          {comments.length ? (
            <ul className="mt-3 divide-y divide-ink-100">
              {comments.map((c) => (
                <li key={c.id} className="py-2 text-sm">
                  <span className="font-semibold text-ink-900">{c.author_name}</span> on {c.parent_title}{" "}
                  <StatusBadge status={c.status} />
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

function Unpublished({
  id,
  title,
  empty,
  items,
}: {
  id: string;
  title: string;
  empty: string;
  items: Array<{ href: string; title: string; publishAt: string | null }>;
}) {
  return (
    <section aria-labelledby={id} className="rounded-card bg-surface p-5 shadow-card">
      <h2 id={id} className="font-semibold text-ink-950">
        {title}
      </h2>
      {items.length ? (
        <ul className="mt-3 divide-y divide-ink-100">
          {items.map((item) => (
            <li key={item.href} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
              <Link to={item.href} className="font-medium text-ink-900 underline">
                {item.title}
              </Link>
              <span className="shrink-0 text-sm text-ink-600">
                {item.publishAt ? <ScheduledTime iso={item.publishAt} /> : <StatusBadge status="draft" />}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-ink-600">{empty}</p>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

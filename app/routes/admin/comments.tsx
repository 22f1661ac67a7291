import { data, Form, Link, redirect, useNavigation } from "react-router";
import { deleteComment, listLatestComments, setCommentStatus } from "#server/data/admin-comments.server.ts";
import { decodeCursor, encodeCursor } from "#server/data/list-page.server.ts";
import { rowId } from "#common/data/row-id.ts";
import { NO_STORE, pageAddress, requireStaff, requireStaffForm } from "./desk-request.server";
import { RelativeTime } from "../../components/relative-time";
import { appContext } from "#server/http/app-context.server.ts";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { deskMeta } from "../../features/desk/desk-text";
import {
  CsrfField,
  dangerButton,
  DeskPage,
  FormMessage,
  primaryButton,
  secondaryButton,
  StatusBadge,
} from "../../features/desk/desk-ui";
import type { Route } from "./+types/comments";

export const meta: Route.MetaFunction = () => deskMeta("Comments");

const PER_PAGE = 50;
const ITEM = /^(recap|episode):(\d+)$/;
const ACTIONS = { hide: "Hidden", unhide: "Shown again", delete: "Deleted" } as const;
type Act = keyof typeof ACTIONS;

function filterOf(url: URL) {
  const status = url.searchParams.get("status");
  const item = ITEM.exec(url.searchParams.get("item") ?? "");
  const itemId = item ? rowId(item[2]) : undefined;
  return {
    status: status === "visible" ? ("visible" as const) : status === "hidden" ? ("hidden" as const) : undefined,
    item: item && itemId ? { target: item[1] as "recap" | "episode", id: itemId } : undefined,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  await requireStaff(request, database);
  const url = new URL(request.url);
  const filter = filterOf(url);
  const before = url.searchParams.get("before");
  const comments = await listLatestComments(database.db, {
    ...filter,
    limit: PER_PAGE + 1,
    before: before ? decodeCursor(before) : undefined,
  });
  const last = comments[PER_PAGE - 1];
  const next = comments.length > PER_PAGE && last ? encodeCursor(last.created_at, last.id) : null;
  const itemTitle = filter.item
    ? comments.find((c) => c.target === filter.item!.target && c.parent_id === filter.item!.id)?.parent_title
    : undefined;
  return data(
    {
      comments: comments.slice(0, PER_PAGE).map(({ client_address: _, ...c }) => c),
      status: filter.status ?? "all",
      item: url.searchParams.get("item") ?? "",
      itemTitle,
      next,
      done: url.searchParams.get("done"),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { database, config } = context.get(appContext);
  const { form } = await requireStaffForm(request, database, config);
  const [act, which] = String(form.get("act") ?? "").split(":") as [string, string | undefined];
  if (!(act in ACTIONS) || !which) return data({ formError: "Choose what to do." }, { status: 400 });
  const ids = which === "selected" ? form.getAll("id").map(String) : [which];
  if (ids.length === 0) return data({ formError: "Select at least one comment first." }, { status: 400 });
  let changed = 0;
  for (const id of ids.slice(0, 500)) {
    const ok =
      act === "delete"
        ? await deleteComment(database.db, id)
        : await setCommentStatus(database.db, id, act === "hide" ? "hidden" : "visible");
    if (ok) changed++;
  }
  const back = new URL(pageAddress(request), "http://desk");
  back.searchParams.set("done", `${act}-${changed}`);
  return redirect(back.pathname + back.search, { headers: NO_STORE });
}

const doneText = (done: string | null) => {
  const match = /^(hide|unhide|delete)-(\d+)$/.exec(done ?? "");
  if (!match) return undefined;
  const n = Number(match[2]);
  return `${ACTIONS[match[1] as Act]}: ${n} comment${n === 1 ? "" : "s"}.`;
};

const itemHref = (c: { target: "recap" | "episode"; parent_id: number }) =>
  c.target === "recap" ? `/recap/${c.parent_id}` : `/podcast?episode=${c.parent_id}#episode-${c.parent_id}`;

export default function DeskComments({ loaderData, actionData }: Route.ComponentProps) {
  const { comments, status, item, itemTitle, next, done } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <DeskPage title="Comments">
      <FormMessage notice={doneText(done)} error={actionData?.formError} />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="status" className="block text-sm font-semibold text-ink-900">
            Status
          </label>
          <select
            id="status"
            name="status"
            defaultValue={status}
            className="min-h-11 rounded-md border border-ink-300 bg-surface px-3"
          >
            <option value="all">All</option>
            <option value="visible">Visible</option>
            <option value="hidden">Hidden</option>
          </select>
        </div>
        {item ? <input type="hidden" name="item" value={item} /> : null}
        <button type="submit" className={primaryButton}>
          Filter
        </button>
        {item ? (
          <p className="text-sm text-ink-700">
            Only comments on {itemTitle ? `“${itemTitle}”` : "one item"}.{" "}
            <Link
              to={`/admin/comments${status === "all" ? "" : `?status=${status}`}`}
              className="font-semibold text-copper-700 underline"
            >
              Show all items
            </Link>
          </p>
        ) : null}
      </Form>
      {comments.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-ink-600">No comments to show.</p>
      ) : (
        <Form method="post" className="space-y-4">
          <CsrfField />
          <div className="flex flex-wrap items-center gap-2 rounded-card bg-surface p-3 shadow-card">
            <span className="text-sm font-semibold text-ink-800">With the selected:</span>
            <button type="submit" name="act" value="hide:selected" className={secondaryButton} disabled={busy}>
              Hide
            </button>
            <button type="submit" name="act" value="unhide:selected" className={secondaryButton} disabled={busy}>
              Unhide
            </button>
            <button
              type="submit"
              name="act"
              value="delete:selected"
              className={dangerButton}
              disabled={busy}
              onClick={(event) => {
                if (!window.confirm("Delete the selected comments for good?")) event.preventDefault();
              }}
            >
              Delete
            </button>
          </div>
          <ul className="space-y-3">
            {comments.map((c) => (
              <li key={c.id} className="rounded-card bg-surface p-4 shadow-card" data-comment-id={c.id}>
                <div className="flex flex-wrap items-start gap-3">
                  <input
                    id={`select-${c.id}`}
                    type="checkbox"
                    name="id"
                    value={c.id}
                    className="mt-1 h-5 w-5"
                    aria-label={`Select the comment by ${c.author_name}`}
                  />
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="text-sm text-ink-700">
                      <span className="font-semibold text-ink-950">{c.author_name}</span> on{" "}
                      <a href={itemHref(c)} className="text-copper-700 underline">
                        {c.parent_title}
                      </a>{" "}
                      · <RelativeTime iso={c.created_at} /> <StatusBadge status={c.status} />
                    </p>
                    <p className="whitespace-pre-wrap break-words text-ink-900">{c.comment_text}</p>
                    <div className="flex flex-wrap gap-3 pt-1 text-sm">
                      {c.status === "visible" ? (
                        <button
                          type="submit"
                          name="act"
                          value={`hide:${c.id}`}
                          className="font-semibold text-copper-700 underline"
                        >
                          Hide<span className="sr-only"> the comment by {c.author_name}</span>
                        </button>
                      ) : (
                        <button
                          type="submit"
                          name="act"
                          value={`unhide:${c.id}`}
                          className="font-semibold text-copper-700 underline"
                        >
                          Unhide<span className="sr-only"> the comment by {c.author_name}</span>
                        </button>
                      )}
                      <button
                        type="submit"
                        name="act"
                        value={`delete:${c.id}`}
                        className="font-semibold text-red-800 underline"
                        onClick={(event) => {
                          if (!window.confirm("Delete this comment for good?")) event.preventDefault();
                        }}
                      >
                        Delete<span className="sr-only"> the comment by {c.author_name}</span>
                      </button>
                      <Link to={`/admin/comments?item=${c.target}:${c.parent_id}`} className="text-ink-700 underline">
                        Only this {c.target}
                      </Link>
                    </div>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </Form>
      )}
      {next ? (
        <Link
          to={`/admin/comments?${new URLSearchParams({ ...(status === "all" ? {} : { status }), ...(item ? { item } : {}), before: next })}`}
          className="font-semibold text-copper-700 underline"
        >
          Older comments
        </Link>
      ) : null}
    </DeskPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

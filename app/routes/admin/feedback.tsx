import { data, Form, Link } from "react-router";
import { FEEDBACK_RATINGS, type FeedbackRating } from "#common/chat/answer-feedback.ts";
import { FeedbackStore } from "#server/chat/feedback-store.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { numberedPager, Pager } from "../../components/pager";
import { RelativeTime } from "../../components/relative-time";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { deskMeta } from "../../features/desk/desk-text";
import { DeskPage, primaryButton } from "../../features/desk/desk-ui";
import { useSite } from "../../hooks/use-site";
import { NO_STORE, requireStaff } from "./desk-request.server";
import type { Route } from "./+types/feedback";

export const meta: Route.MetaFunction = () => deskMeta("Reader feedback");

const PER_PAGE = 30;
const PROVIDERS: Record<string, string> = { builtin: "Built-in analyst", llm: "LLM", webhook: "Workflow webhook" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  await requireStaff(request, database);
  const url = new URL(request.url);
  const wanted = url.searchParams.get("rating");
  const rating = FEEDBACK_RATINGS.find((r) => r === wanted);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const list = await new FeedbackStore(database.db).list({ rating, page, perPage: PER_PAGE });
  return data(
    { ...list, rating: rating ?? "all", page, pageCount: Math.max(1, Math.ceil(list.total / PER_PAGE)) },
    { headers: NO_STORE },
  );
}

const verdict = (rating: FeedbackRating) => (rating === "down" ? "Not helpful" : "Helpful");

export default function DeskFeedback({ loaderData }: Route.ComponentProps) {
  const { entries, counts, rating, page, pageCount } = loaderData;
  const site = useSite();
  const pager = numberedPager(
    "/admin/feedback",
    { rating: rating === "all" ? undefined : rating },
    { page, pageCount },
  );
  return (
    <DeskPage title="Reader feedback">
      <p className="text-ink-700">
        What readers said of {site.assistantName}&apos;s answers: the answers marked not helpful first, those with a
        reader&apos;s word before those without, newest first. {counts.down} not helpful, {counts.up} helpful in all.
      </p>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="rating" className="block text-sm font-semibold text-ink-900">
            Verdict
          </label>
          <select
            id="rating"
            name="rating"
            defaultValue={rating}
            className="min-h-11 rounded-md border border-ink-300 bg-surface px-3"
          >
            <option value="all">All</option>
            <option value="down">Not helpful</option>
            <option value="up">Helpful</option>
          </select>
        </div>
        <button type="submit" className={primaryButton}>
          Filter
        </button>
      </Form>
      {entries.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-ink-600">No feedback yet.</p>
      ) : (
        <ol className="space-y-3">
          {entries.map((f) => (
            <li key={f.id} className="rounded-card bg-surface p-4 shadow-card" data-feedback-id={f.id}>
              <p className="text-sm text-ink-700">
                <span
                  className={`rounded px-2 py-0.5 text-xs font-semibold ${
                    f.rating === "down" ? "bg-red-100 text-red-900" : "bg-emerald-100 text-emerald-900"
                  }`}
                >
                  {verdict(f.rating)}
                </span>{" "}
                · answered by {PROVIDERS[f.provider] ?? f.provider} · <RelativeTime iso={f.createdAt} />
              </p>
              <p className="mt-2 font-semibold break-words text-ink-950">{f.question}</p>
              {f.comment ? (
                <p className="mt-1 break-words text-ink-900">
                  Reader: <q>{f.comment}</q>
                </p>
              ) : null}
              <details className="mt-2 text-sm text-ink-700">
                <summary className="cursor-pointer font-semibold text-copper-700">The answer</summary>
                <p className="mt-1 break-words whitespace-pre-wrap">{f.answer}</p>
              </details>
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 ? <Pager pager={pager} label="Feedback pages" /> : null}
      <p className="text-sm text-ink-600">
        <Link to="/chat" className="underline">
          Open the chat
        </Link>{" "}
        to ask a question again.
      </p>
    </DeskPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

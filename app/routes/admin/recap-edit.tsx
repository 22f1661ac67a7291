import { data, redirect } from "react-router";
import { deleteRecap, updateRecap } from "../../../server/data/admin-recaps.server";
import { getRecap } from "../../../server/data/recaps.server";
import { rowId } from "../../../server/data/row-id";
import { deleteRecapDraft, getRecapDraft, saveRecapDraft } from "../../../server/desk/drafts.server";
import { fieldProblem, parseRecapForm, publishTime } from "../../../server/desk/desk-forms.server";
import { NO_STORE, requireStaff, requireStaffForm } from "../../../server/desk/desk-request.server";
import { publishRecapDraft } from "../../../server/desk/publish.server";
import { mediaUrl } from "../../../server/media/buckets";
import { appContext } from "../../context";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { deskMeta } from "../../features/desk/desk-text";
import { RecapEditor, type RecapEditorItem } from "../../features/desk/recap-editor";
import type { Route } from "./+types/recap-edit";

export const meta: Route.MetaFunction = ({ loaderData }) => deskMeta(loaderData?.item.headline ? `Edit: ${loaderData.item.headline}` : "New recap");

const notFound = () => data({ formError: "That recap is not there any more: it may have been published or deleted." }, { status: 404, headers: NO_STORE });

const today = () => new Date().toISOString().slice(0, 10);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { database, config } = context.get(appContext);
  await requireStaff(request, database);
  const p = params as { draftId?: string; id?: string };
  let item: RecapEditorItem;
  if (p.draftId !== undefined) {
    const draft = await getRecapDraft(database.db, rowId(p.draftId) ?? 0);
    if (!draft) throw notFound();
    item = { ...draft, kind: "draft", blog_image_url: draft.blog_image ? mediaUrl("weekly-summary-pics", draft.blog_image, config.MEDIA_BASE_URL) : null };
  } else if (p.id !== undefined) {
    const recap = await getRecap(database.db, rowId(p.id) ?? 0, config.MEDIA_BASE_URL);
    if (!recap) throw notFound();
    item = { ...recap, kind: "published", publish_at: null };
  } else {
    item = { kind: "new", id: 0, date: today(), headline: "", content: "", snippets: null, tags: [], blog_image: null, blog_image_url: null, publish_at: null };
  }
  const done = new URL(request.url).searchParams.get("done");
  return data({ item, done }, { headers: NO_STORE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { database, config } = context.get(appContext);
  const { session, form } = await requireStaffForm(request, database, config);
  const db = database.db;
  const p = params as { draftId?: string; id?: string };
  const intent = String(form.get("intent") ?? "save");

  // A published recap: save changes to it, or delete it.
  if (p.id !== undefined) {
    const id = rowId(p.id) ?? 0;
    if (intent === "delete") {
      if (!(await deleteRecap(db, id))) throw notFound();
      return redirect("/admin/recaps?done=deleted", { headers: NO_STORE });
    }
    const parsed = parseRecapForm(form);
    if (parsed.problem) return data(parsed.problem, { status: 400 });
    if (!(await updateRecap(db, id, parsed.value, config.MEDIA_BASE_URL))) throw notFound();
    return redirect(`/admin/recaps/${id}?done=updated`, { headers: NO_STORE });
  }

  // A new recap or a draft: save, schedule, publish now, or delete.
  const draftId = p.draftId === undefined ? undefined : (rowId(p.draftId) ?? 0);
  if (intent === "delete") {
    if (draftId !== undefined) await deleteRecapDraft(db, draftId);
    return redirect("/admin/recaps?done=deleted", { headers: NO_STORE });
  }
  const parsed = parseRecapForm(form);
  if (parsed.problem) return data(parsed.problem, { status: 400 });
  let publishAt: string | null = null;
  if (intent === "schedule") {
    const when = publishTime(form);
    if ("error" in when) return data(fieldProblem(form, "publish_at", when.error), { status: 400 });
    publishAt = when.iso;
  }
  const saved = await saveRecapDraft(db, draftId, { ...parsed.value, publish_at: publishAt });
  if (saved === undefined) throw notFound();
  if (intent === "publish") {
    const published = await publishRecapDraft(db, saved, `desk:${session.user.email}`);
    if (!published) throw notFound();
    return redirect(`/admin/recaps/${published.itemId}?done=published`, { headers: NO_STORE });
  }
  return redirect(`/admin/recaps/drafts/${saved}?done=${intent === "schedule" ? "scheduled" : "saved"}`, { headers: NO_STORE });
}

export default function RecapEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <RecapEditor key={`${loaderData.item.kind}-${loaderData.item.id}`} item={loaderData.item} done={loaderData.done} problem={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

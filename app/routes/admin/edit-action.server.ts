import { data, redirect } from "react-router";
import { rowId } from "#common/data/row-id.ts";
import { fieldProblem, publishTime, type FormProblem } from "#server/desk/desk-forms.server.ts";
import { NO_STORE } from "./desk-request.server.ts";
import type { Publication } from "#server/desk/publish.server.ts";

/** What an editor page (recap or episode) does with its items; `V` is the checked form. */
export interface EditOperations<V> {
  /** The form's values, checked (with what the server reads itself, e.g. an episode's audio); a problem otherwise. */
  read(): Promise<{ value: V } | { problem: FormProblem }>;
  update(id: number, value: V): Promise<boolean>;
  remove(id: number): Promise<boolean>;
  saveDraft(draftId: number | undefined, value: V, publishAt: string | null): Promise<number | undefined>;
  removeDraft(draftId: number): Promise<unknown>;
  publishDraft(draftId: number): Promise<Publication | undefined>;
}

/**
 * The editor's form, whichever button sent it. A published item: Save changes
 * or Delete. A new item or a draft: Save draft, Schedule (with a time in the
 * future), Publish now, or Delete draft. Each ends on the page that shows the
 * result, with `done` saying what happened; a form that cannot be saved comes
 * back (400) with its problems and what was typed.
 */
export async function editAction<V>(
  kind: "recaps" | "episodes",
  params: { draftId?: string | undefined; id?: string | undefined },
  form: FormData,
  ops: EditOperations<V>,
  notFound: () => unknown,
) {
  const intent = String(form.get("intent") ?? "save");
  const go = (path: string) => redirect(path, { headers: NO_STORE });

  if (params.id !== undefined) {
    const id = rowId(params.id) ?? 0;
    if (intent === "delete") {
      if (!(await ops.remove(id))) throw notFound();
      return go(`/admin/${kind}?done=deleted`);
    }
    const read = await ops.read();
    if ("problem" in read) return data(read.problem, { status: 400 });
    if (!(await ops.update(id, read.value))) throw notFound();
    return go(`/admin/${kind}/${id}?done=updated`);
  }

  const draftId = params.draftId === undefined ? undefined : (rowId(params.draftId) ?? 0);
  if (intent === "delete") {
    if (draftId !== undefined) await ops.removeDraft(draftId);
    return go(`/admin/${kind}?done=deleted`);
  }
  const read = await ops.read();
  if ("problem" in read) return data(read.problem, { status: 400 });
  let publishAt: string | null = null;
  if (intent === "schedule") {
    const when = publishTime(form);
    if ("error" in when) return data(fieldProblem(form, "publish_at", when.error), { status: 400 });
    publishAt = when.iso;
  }
  const saved = await ops.saveDraft(draftId, read.value, publishAt);
  if (saved === undefined) throw notFound();
  if (intent === "publish") {
    const published = await ops.publishDraft(saved);
    if (!published) throw notFound();
    return go(`/admin/${kind}/${published.itemId}?done=published`);
  }
  return go(`/admin/${kind}/drafts/${saved}?done=${intent === "schedule" ? "scheduled" : "saved"}`);
}

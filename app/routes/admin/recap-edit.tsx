import { data } from "react-router";
import { deleteRecap, updateRecap } from "#server/data/admin-recaps.server.ts";
import { getRecap } from "#server/data/recaps.server.ts";
import { rowId } from "#common/data/row-id.ts";
import { deleteRecapDraft, getRecapDraft, saveRecapDraft } from "#server/desk/drafts.server.ts";
import { fieldProblem, parseRecapForm } from "#server/desk/desk-forms.server.ts";
import { editAction } from "./edit-action.server";
import { NO_STORE, requireStaff, requireStaffForm } from "./desk-request.server";
import { publishRecapDraft } from "#server/desk/publish.server.ts";
import { newsletterPolicy } from "#server/newsletter/auto-send.server.ts";
import { mediaUrl } from "#common/media/media-url.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { deskMeta } from "../../features/desk/desk-text";
import { RecapEditor, type RecapEditorItem } from "../../features/desk/recap-editor";
import { NewsletterPanel, type NewsletterPanelData } from "../../features/desk/newsletter-panel";
import { sendProgress } from "#server/newsletter/send-queue.server.ts";
import { subscriberCounts } from "#server/newsletter/subscribers.server.ts";
import type { Route } from "./+types/recap-edit";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  deskMeta(loaderData?.item.headline ? `Edit: ${loaderData.item.headline}` : "New recap");

const notFound = () =>
  data(
    { formError: "That recap is not there any more: it may have been published or deleted." },
    { status: 404, headers: NO_STORE },
  );

const today = () => new Date().toISOString().slice(0, 10);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { database, config, newsletter } = context.get(appContext);
  await requireStaff(request, database);
  const p = params as { draftId?: string; id?: string };
  let item: RecapEditorItem;
  if (p.draftId !== undefined) {
    const draft = await getRecapDraft(database.db, rowId(p.draftId) ?? 0);
    if (!draft) throw notFound();
    item = {
      ...draft,
      kind: "draft",
      blog_image_url: draft.blog_image
        ? mediaUrl("weekly-summary-pics", draft.blog_image, config.MEDIA_BASE_URL)
        : null,
    };
  } else if (p.id !== undefined) {
    const recap = await getRecap(database.db, rowId(p.id) ?? 0, config.MEDIA_BASE_URL);
    if (!recap) throw notFound();
    item = { ...recap, kind: "published", publish_at: null };
  } else {
    item = {
      kind: "new",
      id: 0,
      date: today(),
      headline: "",
      content: "",
      snippets: null,
      tags: [],
      blog_image: null,
      blog_image_url: null,
      publish_at: null,
    };
  }
  const query = new URL(request.url).searchParams;
  const email: NewsletterPanelData | undefined =
    item.kind === "published"
      ? {
          open: Boolean(newsletter.mailer),
          progress: await sendProgress(database.db, item.id),
          confirmed: (await subscriberCounts(database.db)).confirmed,
        }
      : undefined;
  return data(
    {
      item,
      done: query.get("done"),
      email,
      emailNotice: query.get("newsletter"),
      emailProblem: query.get("newsletter-problem"),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { database, config, media } = context.get(appContext);
  const { session, form } = await requireStaffForm(request, database, config);
  const db = database.db;
  type Checked = NonNullable<ReturnType<typeof parseRecapForm>["value"]>;
  return editAction<Checked>(
    "recaps",
    params as { draftId?: string; id?: string },
    form,
    {
      async read() {
        const parsed = parseRecapForm(form);
        if (parsed.problem) return { problem: parsed.problem };
        // The image must be one that was uploaded (the page's uploader puts its name in the form).
        if (parsed.value.blog_image && !(await media.stat("weekly-summary-pics", parsed.value.blog_image))) {
          return { problem: fieldProblem(form, "blog_image", "Image: that file is not uploaded. Upload it again.") };
        }
        return { value: parsed.value };
      },
      update: async (id, value) => (await updateRecap(db, id, value, config.MEDIA_BASE_URL)) !== undefined,
      remove: (id) => deleteRecap(db, id),
      saveDraft: (draftId, value, publishAt) => saveRecapDraft(db, draftId, { ...value, publish_at: publishAt }),
      removeDraft: (draftId) => deleteRecapDraft(db, draftId),
      publishDraft: (draftId) => publishRecapDraft(db, draftId, `desk:${session.user.email}`, newsletterPolicy(config)),
    },
    notFound,
  );
}

export default function RecapEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <RecapEditor
        key={`${loaderData.item.kind}-${loaderData.item.id}`}
        item={loaderData.item}
        done={loaderData.done}
        problem={actionData}
      />
      {loaderData.email ? (
        <NewsletterPanel
          recapId={loaderData.item.id}
          data={loaderData.email}
          notice={loaderData.emailNotice}
          problem={loaderData.emailProblem}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

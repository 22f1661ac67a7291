import { data } from "react-router";
import { deleteEpisode, updateEpisode } from "#server/data/admin-episodes.server.ts";
import { episodeExtras, getEpisode } from "#server/data/episodes.server.ts";
import { rowId } from "#common/data/row-id.ts";
import { deleteEpisodeDraft, getEpisodeDraft, saveEpisodeDraft } from "#server/desk/drafts.server.ts";
import { episodeAudio } from "#server/desk/episode-audio.server.ts";
import { fieldProblem, parseEpisodeForm } from "#server/desk/desk-forms.server.ts";
import { editAction } from "./edit-action.server";
import type { AudioFacts } from "#server/media/audio-facts.ts";
import { NO_STORE, requireStaff, requireStaffForm } from "./desk-request.server";
import { publishEpisodeDraft } from "#server/desk/publish.server.ts";
import { mediaUrl } from "#common/media/media-url.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { tagsColumn } from "#common/topics/topic.ts";
import { deskMeta } from "../../features/desk/desk-text";
import { EpisodeEditor, type EpisodeEditorItem } from "../../features/desk/episode-editor";
import type { Route } from "./+types/episode-edit";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  deskMeta(loaderData?.item.title ? `Edit: ${loaderData.item.title}` : "New episode");

const notFound = () =>
  data(
    { formError: "That episode is not there any more: it may have been published or deleted." },
    { status: 404, headers: NO_STORE },
  );

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { database, config } = context.get(appContext);
  await requireStaff(request, database);
  const p = params as { draftId?: string; id?: string };
  const audioUrl = (file: string | null) => (file ? mediaUrl("podcast-episodes", file, config.MEDIA_BASE_URL) : null);
  let item: EpisodeEditorItem;
  if (p.draftId !== undefined) {
    const draft = await getEpisodeDraft(database.db, rowId(p.draftId) ?? 0);
    if (!draft) throw notFound();
    item = { ...draft, kind: "draft", audio_url: audioUrl(draft.mp3_file) };
  } else if (p.id !== undefined) {
    const id = rowId(p.id) ?? 0;
    const [episode, extras] = await Promise.all([
      getEpisode(database.db, id, config.MEDIA_BASE_URL),
      episodeExtras(database.db, id),
    ]);
    if (!episode) throw notFound();
    item = {
      kind: "published",
      id,
      date: episode.date,
      title: episode.title,
      description: episode.description,
      weekly_daily: episode.weekly_daily,
      mp3_file: episode.mp3_file,
      duration_seconds: episode.duration_seconds,
      byte_size: episode.byte_size,
      transcript: extras?.transcript ?? null,
      chapters: extras?.chapters ?? null,
      tags: tagsColumn(episode.tags),
      publish_at: null,
      audio_url: audioUrl(episode.mp3_file),
    };
  } else {
    const date = new Date().toISOString().slice(0, 10);
    item = {
      kind: "new",
      id: 0,
      date,
      title: "",
      description: "",
      weekly_daily: "daily",
      mp3_file: null,
      duration_seconds: null,
      byte_size: null,
      transcript: null,
      chapters: null,
      tags: null,
      publish_at: null,
      audio_url: null,
    };
  }
  return data({ item, done: new URL(request.url).searchParams.get("done") }, { headers: NO_STORE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { database, config, media } = context.get(appContext);
  const { session, form } = await requireStaffForm(request, database, config);
  const db = database.db;
  type Checked = NonNullable<ReturnType<typeof parseEpisodeForm>["value"]> & { audio: AudioFacts | null };
  return editAction<Checked>(
    "episodes",
    params as { draftId?: string; id?: string },
    form,
    {
      async read() {
        const parsed = parseEpisodeForm(form);
        if (parsed.problem) return { problem: parsed.problem };
        // The length and size come from the stored file, never from the form.
        const audio = await episodeAudio(media, parsed.value.mp3_file);
        if ("error" in audio) return { problem: fieldProblem(form, "mp3_file", audio.error) };
        return { value: { ...parsed.value, audio: audio.facts } };
      },
      update: async (id, { audio, ...value }) =>
        (await updateEpisode(db, id, value, audio, config.MEDIA_BASE_URL)) !== undefined,
      remove: (id) => deleteEpisode(db, id),
      saveDraft: (draftId, { audio, ...value }, publishAt) =>
        saveEpisodeDraft(db, draftId, {
          ...value,
          duration_seconds: audio?.durationSeconds ?? null,
          byte_size: audio?.byteSize ?? null,
          publish_at: publishAt,
        }),
      removeDraft: (draftId) => deleteEpisodeDraft(db, draftId),
      publishDraft: (draftId) => publishEpisodeDraft(db, draftId, `desk:${session.user.email}`),
    },
    notFound,
  );
}

export default function EpisodeEdit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EpisodeEditor
      key={`${loaderData.item.kind}-${loaderData.item.id}`}
      item={loaderData.item}
      done={loaderData.done}
      problem={actionData}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { EpisodeDraft } from "#common/desk/desk-types.ts";
import { tagsFromColumn } from "#common/topics/topic.ts";
import { DONE_TEXT } from "./desk-text";
import { CsrfField, describedBy, Field, FormMessage, inputClass, StatusBadge } from "./desk-ui";
import { FileDrop } from "./file-drop";
import type { FormProblem } from "#common/desk/desk-types.ts";
import { PublishControls } from "./publish-controls";

/** An episode as the editor shows it: new, a draft (scheduled or not), or published. */
export type EpisodeEditorItem = Omit<EpisodeDraft, "updated_at"> & {
  kind: "new" | "draft" | "published";
  audio_url: string | null;
};

const minutes = (seconds: number | null | undefined) =>
  seconds == null ? "length unknown" : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The episode editor: audio by drop or picker with progress (its length and size read from the file by the server), the texts, and Save draft, Schedule or Publish now. */
export function EpisodeEditor({
  item,
  done,
  problem,
}: {
  item: EpisodeEditorItem;
  done: string | null;
  problem: FormProblem | undefined;
}) {
  const typed = problem?.values;
  const errors = problem?.fieldErrors ?? {};
  const [audio, setAudio] = useState({
    file: typed?.mp3_file ?? item.mp3_file ?? "",
    url: item.audio_url,
    bytes: item.byte_size,
    seconds: item.duration_seconds,
  });
  const busy = useNavigation().state === "submitting";
  const published = item.kind === "published";
  const status = published ? "published" : item.publish_at ? "scheduled" : "draft";

  return (
    <Form method="post" className="space-y-6">
      <CsrfField />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-2xl font-semibold text-ink-950 sm:text-3xl">
          {item.kind === "new" ? "New episode" : "Edit episode"}
        </h1>
        {item.kind === "new" ? null : <StatusBadge status={status} />}
      </div>
      <FormMessage
        notice={done ? DONE_TEXT[done] : undefined}
        error={Object.keys(errors).length ? "Some fields need attention: see below." : undefined}
      />
      <div className="max-w-3xl space-y-5">
        <input type="hidden" name="mp3_file" value={audio.file} />
        <FileDrop
          bucket="podcast-episodes"
          accept="audio/mpeg,audio/mp4,audio/x-m4a,.mp3,.m4a"
          label={audio.file ? "Replace audio" : "Audio"}
          hint="Drop an MP3 or M4A here, or choose one (500 MB at most)."
          onUploaded={(f) =>
            setAudio({ file: f.file, url: f.url, bytes: f.bytes, seconds: f.duration_seconds ?? null })
          }
        >
          {audio.file ? (
            <div className="mb-3 space-y-2">
              <p className="text-sm text-ink-700" data-testid="audio-facts">
                <span className="break-all font-semibold">{audio.file}</span> · {minutes(audio.seconds)}
                {audio.bytes ? ` · ${megabytes(audio.bytes)}` : ""}
              </p>
              {audio.url ? (
                <audio controls preload="none" src={audio.url} className="w-full" aria-label="Uploaded audio" />
              ) : null}
            </div>
          ) : null}
        </FileDrop>
        {errors.mp3_file ? <p className="text-sm font-medium text-red-800">{errors.mp3_file}</p> : null}
        <Field id="title" label="Title" error={errors.title}>
          <input
            id="title"
            name="title"
            required
            maxLength={200}
            defaultValue={typed?.title ?? item.title}
            className={inputClass}
            {...describedBy("title", false, errors.title)}
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="weekly_daily" label="Series" error={errors.weekly_daily}>
            <select
              id="weekly_daily"
              name="weekly_daily"
              defaultValue={typed?.weekly_daily ?? item.weekly_daily}
              className={inputClass}
            >
              <option value="daily">The Daily Shot (daily)</option>
              <option value="weekly">The Weekly Pour (weekly)</option>
            </select>
          </Field>
          <Field id="date" label="Date" error={errors.date}>
            <input
              id="date"
              name="date"
              type="date"
              required
              defaultValue={typed?.date ?? item.date}
              className={inputClass}
              {...describedBy("date", false, errors.date)}
            />
          </Field>
        </div>
        <Field id="tags" label="Tags" hint="Separated by commas; each is a topic page." error={errors.tags}>
          <input
            id="tags"
            name="tags"
            defaultValue={typed?.tags ?? tagsFromColumn(item.tags).join(", ")}
            className={inputClass}
            {...describedBy("tags", true, errors.tags)}
          />
        </Field>
        <Field id="description" label="Description" error={errors.description}>
          <textarea
            id="description"
            name="description"
            required
            rows={5}
            maxLength={5000}
            defaultValue={typed?.description ?? item.description}
            className={inputClass}
            {...describedBy("description", false, errors.description)}
          />
        </Field>
        <Field
          id="transcript"
          label="Transcript (optional)"
          hint="Paste WebVTT, SRT or plain text."
          error={errors.transcript}
        >
          <textarea
            id="transcript"
            name="transcript"
            rows={6}
            defaultValue={typed?.transcript ?? item.transcript ?? ""}
            className={`${inputClass} font-mono text-sm`}
            {...describedBy("transcript", true, errors.transcript)}
          />
        </Field>
        <Field
          id="chapters"
          label="Chapters (optional)"
          hint='Podcasting 2.0 JSON, or one "mm:ss Title" per line.'
          error={errors.chapters}
        >
          <textarea
            id="chapters"
            name="chapters"
            rows={4}
            defaultValue={typed?.chapters ?? item.chapters ?? ""}
            className={`${inputClass} font-mono text-sm`}
            {...describedBy("chapters", true, errors.chapters)}
          />
        </Field>
      </div>
      <PublishControls
        kind={item.kind}
        noun="episode"
        busy={busy}
        publishAt={typed?.publish_at ?? item.publish_at}
        scheduleError={errors.publish_at}
      />
    </Form>
  );
}

import { useDeferredValue, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { Recap } from "#common/content/recap.ts";
import { Markdown } from "#common/markdown/markdown.tsx";
import { excerpt, SNIPPET_EXCERPT_LENGTH } from "../../lib/excerpt";
import { DONE_TEXT } from "./desk-text";
import { CsrfField, describedBy, Field, FormMessage, inputClass, StatusBadge } from "./desk-ui";
import { FileDrop } from "./file-drop";
import { PublishControls } from "./publish-controls";
import type { FormProblem } from "#common/desk/desk-types.ts";

/** A recap as the editor shows it: new, a draft (scheduled or not), or published. */
export type RecapEditorItem = Omit<Recap, "sample"> & {
  kind: "new" | "draft" | "published";
  publish_at: string | null;
};

/**
 * The recap editor: the markdown on one side, the preview on the other,
 * rendered by the same <Markdown> as the public page; the snippet with the
 * list's 350-character cut shown; an image by drop or picker; and Save draft,
 * Schedule or Publish now (a published recap: Save changes or Delete).
 */
export function RecapEditor({
  item,
  done,
  problem,
}: {
  item: RecapEditorItem;
  done: string | null;
  problem: FormProblem | undefined;
}) {
  const typed = problem?.values;
  const errors = problem?.fieldErrors ?? {};
  const [headline, setHeadline] = useState(typed?.headline ?? item.headline);
  const [content, setContent] = useState(typed?.content ?? item.content);
  const [snippet, setSnippet] = useState(typed?.snippets ?? item.snippets ?? "");
  const [image, setImage] = useState({ file: typed?.blog_image ?? item.blog_image ?? "", url: item.blog_image_url });
  const preview = useDeferredValue(content);
  const busy = useNavigation().state === "submitting";
  const published = item.kind === "published";
  const snippetChars = [...snippet].length;
  const status = published ? "published" : item.publish_at ? "scheduled" : "draft";

  return (
    <Form method="post" className="space-y-6">
      <CsrfField />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-2xl font-semibold text-ink-950 sm:text-3xl">
          {item.kind === "new" ? "New recap" : "Edit recap"}
        </h1>
        <div className="flex items-center gap-3">
          {item.kind === "new" ? null : <StatusBadge status={status} />}
          {published ? (
            <a href={`/recap/${item.id}`} className="text-sm font-semibold text-copper-700 underline">
              View on the site
            </a>
          ) : null}
        </div>
      </div>
      <FormMessage
        notice={done ? DONE_TEXT[done] : undefined}
        error={Object.keys(errors).length ? "Some fields need attention: see below." : undefined}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-5">
          <Field id="headline" label="Headline" error={errors.headline}>
            <input
              id="headline"
              name="headline"
              required
              maxLength={200}
              value={headline}
              onChange={(e) => setHeadline(e.target.value)}
              className={inputClass}
              {...describedBy("headline", false, errors.headline)}
            />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="date" label="Date" hint="The week the recap covers." error={errors.date}>
              <input
                id="date"
                name="date"
                type="date"
                required
                defaultValue={typed?.date ?? item.date}
                className={inputClass}
                {...describedBy("date", true, errors.date)}
              />
            </Field>
            <Field id="tags" label="Tags" hint="Separated by commas." error={errors.tags}>
              <input
                id="tags"
                name="tags"
                defaultValue={typed?.tags ?? item.tags.join(", ")}
                className={inputClass}
                {...describedBy("tags", true, errors.tags)}
              />
            </Field>
          </div>
          <Field
            id="snippets"
            label="Snippet"
            hint={
              <>
                {snippetChars} characters.{" "}
                {snippetChars > SNIPPET_EXCERPT_LENGTH
                  ? `The recap list shows the first ${SNIPPET_EXCERPT_LENGTH}; the cut is marked below.`
                  : `The recap list shows up to ${SNIPPET_EXCERPT_LENGTH}.`}
              </>
            }
            error={errors.snippets}
          >
            <textarea
              id="snippets"
              name="snippets"
              rows={3}
              maxLength={2000}
              value={snippet}
              onChange={(e) => setSnippet(e.target.value)}
              className={inputClass}
              {...describedBy("snippets", true, errors.snippets)}
            />
          </Field>
          {snippetChars > SNIPPET_EXCERPT_LENGTH ? (
            <p className="rounded-md bg-paper px-3 py-2 text-sm text-ink-700" data-testid="snippet-cut">
              <span className="font-semibold">In the list: </span>
              {excerpt(snippet)}
              <span className="text-ink-500 line-through" aria-label="cut">
                {[...snippet].slice(SNIPPET_EXCERPT_LENGTH).join("")}
              </span>
            </p>
          ) : null}
          <input type="hidden" name="blog_image" value={image.file} />
          <FileDrop
            bucket="weekly-summary-pics"
            accept="image/jpeg,image/png,image/webp"
            label="Image"
            hint="Drop a JPEG, PNG or WebP here, or choose one (10 MB at most)."
            onUploaded={(f) => setImage({ file: f.file, url: f.url })}
          >
            {image.file ? (
              <div className="mb-3 flex items-center gap-3">
                {image.url ? <img src={image.url} alt="" className="h-16 w-24 rounded object-cover" /> : null}
                <span className="break-all text-sm text-ink-700">{image.file}</span>
                <button
                  type="button"
                  className="text-sm font-semibold text-copper-700 underline"
                  onClick={() => setImage({ file: "", url: null })}
                >
                  Remove image
                </button>
              </div>
            ) : null}
          </FileDrop>
          {errors.blog_image ? <p className="text-sm font-medium text-red-800">{errors.blog_image}</p> : null}
          <Field id="content" label="Text (markdown)" error={errors.content}>
            <textarea
              id="content"
              name="content"
              required
              rows={18}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              className={`${inputClass} font-mono text-sm`}
              {...describedBy("content", false, errors.content)}
            />
          </Field>
        </div>
        <section
          aria-labelledby="preview-heading"
          className="rounded-card bg-surface p-5 shadow-card lg:sticky lg:top-24 lg:max-h-[80vh] lg:overflow-y-auto"
        >
          <h2 id="preview-heading" className="text-sm font-semibold uppercase tracking-wide text-ink-600">
            Preview
          </h2>
          <div className="mt-3 space-y-4">
            <p className="font-display text-2xl font-semibold text-ink-950">{headline || "Untitled"}</p>
            {snippet ? (
              <blockquote className="border-l-4 border-copper-500 pl-4 font-display italic text-ink-700">
                {snippet}
              </blockquote>
            ) : null}
            <div className="markdown-content" data-testid="preview">
              <Markdown>{preview}</Markdown>
            </div>
          </div>
        </section>
      </div>
      <PublishControls
        kind={item.kind}
        noun="recap"
        busy={busy}
        publishAt={typed?.publish_at ?? item.publish_at}
        scheduleError={errors.publish_at}
      />
    </Form>
  );
}

import { useId, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import {
  IMPORT_FORMS,
  importAddress,
  importCounts,
  type ImportNote,
  type ImportOutcome,
} from "#common/desk/data-import.ts";
import { useHydrated } from "../../hooks/use-hydrated";
import { primaryButton, useDesk } from "./desk-ui";
import { formatScheduled } from "./scheduled-time";
import { sendFile } from "./upload-file";

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "Imported sales.csv.gz: 280,734 rows kept, 2 refused, 70 months added." (label approvals: "3 new approvals added, 1 held already") */
export function importedSentence(fileName: string, r: ImportOutcome, source = "iowa-liquor-sales"): string {
  const { unit, repeated } = importCounts(source);
  const held = r.periodsReplaced > 0 ? `, ${r.periodsReplaced.toLocaleString("en-US")} ${repeated}` : "";
  return (
    `Imported ${fileName}: ${count(r.rowsKept, "row")} kept, ${r.rowsRefused.toLocaleString("en-US")} refused, ` +
    `${count(r.periodsAdded, unit.one, unit.many)} added${held}.`
  );
}

/**
 * When an import was made: in UTC, the zone named, in the server's HTML and before hydration
 * (the server cannot know the member's zone); in the member's own zone once the page runs.
 */
export function ImportTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? formatScheduled(iso) : formatScheduled(iso, "UTC")}</time>;
}

/** What the last upload came to: the result line, or the importer's refusal as the form's error. */
function NoteLine({ note, source }: { note: ImportNote; source: string }) {
  if ("error" in note)
    return (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
        {note.fileName ? `${note.fileName} was not imported. ${note.error}` : note.error}
      </p>
    );
  const { result } = note;
  return (
    <p
      role="status"
      className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900"
    >
      {result.unchanged ? (
        <>
          This file was imported before, on <ImportTime iso={result.importedAt} />: nothing changed.
        </>
      ) : (
        importedSentence(note.fileName, result, source)
      )}
    </p>
  );
}

/**
 * The Data page's upload. With JavaScript the file itself goes to the desk's API with a progress
 * bar (as media uploads do) and the list is reloaded; without it, the same form posts multipart
 * to the same address, which sends the page back with the outcome (docs/desk.md, "Data").
 */
export function DataImportForm({
  source,
  maxBytes,
  initial,
}: {
  source: string;
  maxBytes: number;
  initial: ImportNote | undefined;
}) {
  const { csrf } = useDesk();
  const revalidator = useRevalidator();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState(initial);
  const [progress, setProgress] = useState<number | null>(null);
  const megabytes = Math.round(maxBytes / 1024 / 1024);
  const text = IMPORT_FORMS[source] ?? IMPORT_FORMS["iowa-liquor-sales"]!;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = input.current?.files?.[0];
    if (!file) return setNote({ fileName: "", error: "Choose a file to import." });
    // Refused here rather than after minutes of sending: the server would refuse it too (413).
    if (file.size > maxBytes)
      return setNote({
        fileName: file.name,
        error: `The file is larger than ${megabytes} MB, the most an import may be; nothing was imported.`,
      });
    setNote(undefined);
    setProgress(0);
    try {
      const address = `${importAddress(source)}?name=${encodeURIComponent(file.name)}`;
      const answer = await sendFile(address, file, csrf, setProgress);
      const { fileName, ...result } = answer as unknown as ImportOutcome & { fileName: string };
      setNote({ fileName, result });
      form.reset();
      await revalidator.revalidate();
    } catch (err) {
      setNote({ fileName: file.name, error: err instanceof Error ? err.message : String(err) });
    } finally {
      setProgress(null);
    }
  }

  return (
    <form
      method="post"
      action={importAddress(source)}
      encType="multipart/form-data"
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-card bg-surface p-4 shadow-card"
    >
      <input type="hidden" name="csrf" value={csrf} />
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-semibold text-ink-900">
          {text.label}
        </label>
        <input
          ref={input}
          id={id}
          name="file"
          type="file"
          accept={text.accept}
          required
          aria-describedby={`${id}-hint`}
          disabled={progress !== null}
          className="block w-full text-sm text-ink-800 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-ink-900 file:px-4 file:font-semibold file:text-white"
        />
        <p id={`${id}-hint`} className="text-sm text-ink-600">
          {text.hint}, at most {megabytes} MB. A file with any unreadable row is refused whole; the same file again
          changes nothing.
        </p>
      </div>
      <button type="submit" className={primaryButton} disabled={progress !== null}>
        {text.button}
      </button>
      {progress !== null ? (
        <div className="flex items-center gap-3">
          <progress className="h-2 flex-1" max={1} value={progress} aria-label="Upload progress" />
          <span className="text-sm text-ink-700 tabular-nums" aria-live="polite">
            {progress < 1 ? `${Math.round(progress * 100)}%` : "Importing…"}
          </span>
        </div>
      ) : null}
      {note ? <NoteLine note={note} source={source} /> : null}
    </form>
  );
}

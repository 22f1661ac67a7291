import { useId, useRef, useState, type ReactNode } from "react";
import { uploadFile, type UploadedFile } from "./upload-file";
import { useDesk } from "./desk-ui";

/**
 * A file field for the desk: drop a file on it or pick one; it uploads at once
 * with a progress bar, then hands the stored file to `onUploaded` (the form
 * keeps only the stored name). Errors are said in words next to the field.
 */
export function FileDrop({
  bucket,
  accept,
  label,
  hint,
  onUploaded,
  children,
}: {
  bucket: "weekly-summary-pics" | "podcast-episodes";
  accept: string;
  label: string;
  hint: string;
  onUploaded: (file: UploadedFile) => void;
  children?: ReactNode;
}) {
  const { csrf } = useDesk();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  async function send(file: File | undefined) {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      onUploaded(await uploadFile(bucket, file, csrf, setProgress));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setProgress(null);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div
      className={`rounded-card border-2 border-dashed p-4 ${over ? "border-copper-600 bg-copper-100" : "border-ink-300 bg-paper"}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        void send(event.dataTransfer.files[0]);
      }}
    >
      {children}
      <label htmlFor={id} className="block text-sm font-semibold text-ink-900">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-600">
        {hint}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hint`}
        disabled={progress !== null}
        className="mt-2 block w-full text-sm text-ink-800 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-ink-900 file:px-4 file:font-semibold file:text-white"
        onChange={(event) => void send(event.currentTarget.files?.[0])}
      />
      {progress !== null ? (
        <div className="mt-3 flex items-center gap-3">
          <progress className="h-2 flex-1" max={1} value={progress} aria-label="Upload progress" />
          <span className="text-sm tabular-nums text-ink-700" aria-live="polite">
            {Math.round(progress * 100)}%
          </span>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

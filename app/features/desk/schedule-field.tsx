import { useEffect, useRef } from "react";
import { useHydrated } from "../../components/use-hydrated";
import { describedBy, Field, inputClass, secondaryButton } from "./desk-ui";

/** An ISO instant as a datetime-local value in this browser's zone. */
const localValue = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
};

/**
 * When to publish: a date and time in the browser's own zone, sent with the
 * zone's offset (a hidden field the page's script fills in). Without
 * JavaScript the time is read as UTC, and the hint says so.
 */
export function ScheduleField({ publishAt, error, busy }: { publishAt: string | null; error: string | undefined; busy: boolean }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const offset = useRef<HTMLInputElement>(null);
  // A stored instant (ISO) is shown in local time; a value typed back after an error is already local.
  const stored = publishAt && publishAt.endsWith("Z") ? publishAt : null;
  useEffect(() => {
    if (offset.current) offset.current.value = String(new Date().getTimezoneOffset());
    if (stored && input.current) input.current.value = localValue(stored);
  }, [stored]);
  const zone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : "UTC";
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-56">
        <Field id="publish_at" label="Publish at" hint={`Your time zone: ${zone}.`} error={error}>
          <input
            ref={input}
            id="publish_at"
            name="publish_at"
            type="datetime-local"
            // To the second: a recap can be timed to an embargo.
            step={1}
            defaultValue={stored ? stored.slice(0, 19) : (publishAt ?? "")}
            className={inputClass}
            {...describedBy("publish_at", true, error)}
          />
        </Field>
      </div>
      <input ref={offset} type="hidden" name="tz" defaultValue="0" />
      <button type="submit" name="intent" value="schedule" className={secondaryButton} disabled={busy}>
        Schedule
      </button>
    </div>
  );
}

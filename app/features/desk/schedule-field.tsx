import { useEffect, useRef } from "react";
import { useHydrated } from "../../hooks/use-hydrated";
import { describedBy, Field, inputClass, secondaryButton } from "./desk-ui";

/** An ISO instant as a datetime-local value in this browser's zone. */
const localValue = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
};

/**
 * When to publish: a date and time in the browser's own zone, sent with the
 * zone's name (America/New_York), so the server reads the wall-clock time in
 * that zone with the offset of that date (daylight saving time included), not
 * of today. The name is rendered by React, not set by an effect: a re-render
 * (hydration ends, the form goes busy) puts a hidden input's default value back.
 * Without JavaScript the time is read as UTC, and the hint says so.
 */
export function ScheduleField({
  publishAt,
  error,
  busy,
}: {
  publishAt: string | null;
  error: string | undefined;
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  // A stored instant (ISO) is shown in local time; a value typed back after an error is already local.
  const stored = publishAt && publishAt.endsWith("Z") ? publishAt : null;
  useEffect(() => {
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
      <input type="hidden" name="tz" value={zone} />
      <button type="submit" name="intent" value="schedule" className={secondaryButton} disabled={busy}>
        Schedule
      </button>
    </div>
  );
}

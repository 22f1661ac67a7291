import { dangerButton, primaryButton, secondaryButton } from "./desk-ui";
import { ScheduleField } from "./schedule-field";

function DeleteButton({ label, question }: { label: string; question: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value="delete"
      formNoValidate
      className={dangerButton}
      onClick={(event) => {
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      {label}
    </button>
  );
}

/**
 * The buttons under a desk editor. Published: Save changes or Delete. Not yet
 * published: Save draft, Publish now, Schedule (with its time), Delete draft.
 */
export function PublishControls({
  kind,
  noun,
  busy,
  publishAt,
  scheduleError,
}: {
  kind: "new" | "draft" | "published";
  noun: "recap" | "episode";
  busy: boolean;
  publishAt: string | null;
  scheduleError: string | undefined;
}) {
  return (
    <div className="space-y-4 rounded-card bg-surface p-5 shadow-card">
      {kind === "published" ? (
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className={primaryButton} disabled={busy}>
            Save changes
          </button>
          <DeleteButton label={`Delete ${noun}`} question={`Delete this ${noun} and its comments for good?`} />
        </div>
      ) : (
        <>
          <div className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="save" className={secondaryButton} disabled={busy}>
              Save draft
            </button>
            <button type="submit" name="intent" value="publish" className={primaryButton} disabled={busy}>
              Publish now
            </button>
            {kind === "draft" ? <DeleteButton label="Delete draft" question="Delete this draft?" /> : null}
          </div>
          <ScheduleField publishAt={publishAt} error={scheduleError} busy={busy} />
        </>
      )}
    </div>
  );
}

import type { SendProgress } from "#common/desk/desk-types.ts";
import { CsrfField, FormMessage, inputClass, primaryButton, secondaryButton } from "./desk-ui";

export interface NewsletterPanelData {
  /** Mail is set up (SMTP_URL and MAIL_FROM). */
  open: boolean;
  progress: SendProgress | undefined;
  confirmed: number;
}

/** What the newsletter action says back, by the code it puts in the address. */
const NEWSLETTER_NOTICE: Record<string, string> = {
  test: "Test sent. Check that inbox.",
  queued: "Queued for every confirmed subscriber. The counts below fill in as it goes out.",
};
const NEWSLETTER_PROBLEM: Record<string, string> = {
  address: "Enter the address to send the test to.",
  already: "This recap was sent to the subscribers already: each recap goes out once.",
  smtp: "The mail server refused the test. The site's log has its answer.",
};

/**
 * A published recap's email: whether and how far it went to the subscribers,
 * a button to send it by hand (when it has not gone), and a test to one address.
 */
export function NewsletterPanel({
  recapId,
  data,
  notice,
  problem,
}: {
  recapId: number;
  data: NewsletterPanelData;
  notice?: string | null;
  problem?: string | null;
}) {
  const action = `/admin/recaps/${recapId}/newsletter`;
  const p = data.progress;
  return (
    <section
      aria-labelledby="newsletter-title"
      className="space-y-4 rounded-card border border-ink-900/10 bg-surface p-5 shadow-card"
    >
      <h2 id="newsletter-title" className="font-display text-xl font-semibold text-ink-950">
        Email to subscribers
      </h2>
      <FormMessage
        notice={notice ? NEWSLETTER_NOTICE[notice] : undefined}
        error={problem ? NEWSLETTER_PROBLEM[problem] : undefined}
      />
      {!data.open ? (
        <p className="text-sm text-ink-700">
          Email is not set up on this site: set SMTP_URL and MAIL_FROM (see docs/newsletter.md).
        </p>
      ) : p ? (
        <p className="text-sm text-ink-700">
          Queued{" "}
          {new Date(p.queuedAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })}{" "}
          UTC ({p.queuedBy}) for {p.recipients ?? "every confirmed"} subscriber{p.recipients === 1 ? "" : "s"}:{" "}
          <strong>{p.counts.sent} sent</strong>, {p.counts.queued + p.counts.sending} waiting, {p.counts.failed} failed,{" "}
          {p.counts.skipped} skipped (unsubscribed meanwhile).
          {p.problems.length ? (
            <span className="mt-2 block">
              {p.problems.map((problem) => (
                <span key={`${problem.status}:${problem.reason}`} className="block">
                  {problem.status === "failed" ? "Failed" : "Will retry"} ({problem.count}): {problem.reason}
                </span>
              ))}
            </span>
          ) : null}
        </p>
      ) : (
        <form method="post" action={action} className="flex flex-wrap items-center gap-3">
          <CsrfField />
          <p className="text-sm text-ink-700">
            Not sent by email. {data.confirmed} confirmed subscriber{data.confirmed === 1 ? "" : "s"}.
          </p>
          <button type="submit" name="intent" value="send" className={primaryButton}>
            Send to subscribers
          </button>
        </form>
      )}
      {data.open ? (
        <form method="post" action={action} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <CsrfField />
          <div className="flex-1">
            <label htmlFor="newsletter-test-to" className="block text-sm font-medium text-ink-800">
              Send a test to
            </label>
            <input
              id="newsletter-test-to"
              name="to"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              className={inputClass}
            />
          </div>
          <button type="submit" name="intent" value="test" className={secondaryButton}>
            Send test
          </button>
        </form>
      ) : null}
    </section>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";

/** The newsletter pages' one message: a heading, what happened, and where to go next. */
export function NewsletterNotice({
  title,
  tone,
  next,
  children,
}: {
  title: string;
  tone: "ok" | "problem";
  next?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <div
        role={tone === "ok" ? "status" : "alert"}
        className="rounded-card border border-ink-900/10 bg-surface p-8 shadow-card"
      >
        <h1 className={`font-display text-3xl font-semibold ${tone === "ok" ? "text-ink-950" : "text-danger-700"}`}>
          {title}
        </h1>
        <div className="mt-4 space-y-4 text-ink-700">
          {children}
          {next ? (
            <p>
              <Link to={next.to} className="font-semibold text-copper-700 underline">
                {next.label}
              </Link>
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** The usual next step after a newsletter page. */
export const READ_RECAPS = { to: "/recap", label: "Read the latest recaps" };

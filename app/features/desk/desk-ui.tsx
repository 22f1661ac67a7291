import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { StaffMember } from "#common/desk/desk-types.ts";

/** The desk layout route's id (app/routes.ts): its loader holds the member and the CSRF token. */
export const DESK_LAYOUT = "admin-layout";

export interface DeskLayoutData {
  user: StaffMember;
  csrf: string;
}

/** The signed-in member and the session's CSRF token, for any page under the desk layout. */
export function useDesk(): DeskLayoutData {
  const data = useRouteLoaderData(DESK_LAYOUT) as DeskLayoutData | undefined;
  if (!data) throw new Error("useDesk is for pages under the desk layout");
  return data;
}

/** The hidden field every desk form carries. */
export function CsrfField({ token }: { token?: string }) {
  const desk = useRouteLoaderData(DESK_LAYOUT) as DeskLayoutData | undefined;
  return <input type="hidden" name="csrf" value={token ?? desk?.csrf ?? ""} />;
}

export const inputClass =
  "min-h-11 w-full rounded-md border border-ink-300 bg-surface px-3 py-2 text-ink-950 placeholder:text-ink-500 focus:border-copper-600 focus:outline-none focus:ring-2 focus:ring-copper-600/30";
export const primaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-ink-900 px-4 text-sm font-semibold text-white hover:bg-copper-700 disabled:opacity-60";
export const secondaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-ink-300 bg-surface px-4 text-sm font-semibold text-ink-800 hover:bg-paper disabled:opacity-60";
export const dangerButton =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-red-700 bg-surface px-4 text-sm font-semibold text-red-800 hover:bg-red-50";

/** A labelled field with its hint and its error, wired for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-ink-900">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Attributes that tie an input to its hint and error (see Field). */
export const describedBy = (id: string, hint: boolean, error: string | undefined) => {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { "aria-describedby": ids || undefined, "aria-invalid": error ? true : undefined };
};

/** A form-level message: an error (role=alert, read at once) or a notice. */
export function FormMessage({ error, notice }: { error?: string | undefined; notice?: string | undefined }) {
  if (error)
    return (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
        {error}
      </p>
    );
  if (notice)
    return (
      <p
        role="status"
        className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900"
      >
        {notice}
      </p>
    );
  return null;
}

export function DeskPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-2xl font-semibold text-ink-950 sm:text-3xl">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** Status badges: draft, scheduled, published; visible, hidden. */
export function StatusBadge({ status }: { status: "draft" | "scheduled" | "published" | "visible" | "hidden" }) {
  const tone =
    status === "published" || status === "visible"
      ? "bg-green-100 text-green-900"
      : status === "scheduled"
        ? "bg-blue-100 text-blue-900"
        : status === "hidden"
          ? "bg-red-100 text-red-900"
          : "bg-ink-100 text-ink-800";
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${tone}`}>{status}</span>
  );
}

import type { ReactNode } from "react";

/** A list page's filter: a labelled select of "all" and the choices, read by a form sent with GET. */
export function FilterSelect({
  label,
  name,
  value,
  all,
  options,
}: {
  label: string;
  name: string;
  value: string;
  /** The first choice, which filters nothing ("All companies"). */
  all: string;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <label className="text-sm font-semibold text-ink-900">
      {label}
      <select
        name={name}
        defaultValue={value}
        className="mt-1 block min-h-11 w-full rounded-md border border-ink-300 bg-surface px-3 text-base text-ink-900 sm:text-sm"
      >
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The filter form's own button, in the grid's last cell. */
export function FilterButton({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-end">
      <button
        type="submit"
        className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-ink-900 px-4 text-sm font-semibold text-white hover:bg-copper-700"
      >
        {children}
      </button>
    </div>
  );
}

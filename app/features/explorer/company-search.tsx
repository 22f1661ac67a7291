import { Search } from "lucide-react";
import { MAX_QUERY, SEARCH_PLACEHOLDER } from "./explorer-text";

/** The field's id: the page reads what was typed in it before its code came. */
export const COMPANY_SEARCH_ID = "company-search";

/**
 * The one search box for both tables. It is a GET form, so without
 * JavaScript Enter reloads /explorer?q=… and the server filters; with
 * JavaScript the tables filter as the person types.
 */
export function CompanySearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <form method="get" action="/explorer" role="search" onSubmit={(e) => e.preventDefault()} className="relative">
      <label htmlFor={COMPANY_SEARCH_ID} className="sr-only">
        Search companies
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-ink-500"
        aria-hidden="true"
      />
      <input
        id={COMPANY_SEARCH_ID}
        type="search"
        name="q"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={SEARCH_PLACEHOLDER}
        maxLength={MAX_QUERY}
        autoComplete="off"
        className="w-full rounded-lg border border-ink-300 bg-surface py-3 pr-4 pl-10 text-base text-ink-950 placeholder:text-ink-500 focus:border-copper-600 focus:outline-none focus:ring-2 focus:ring-copper-600/30"
      />
    </form>
  );
}

import { Search } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import { SEARCH_TEXTS } from "#common/search/site-search.ts";

/** The header search's field, as the plain form and the combobox both draw it. */
export const HEADER_SEARCH_INPUT =
  "h-11 w-full rounded-md border border-ink-300 bg-surface pl-9 pr-3 text-sm text-ink-950 placeholder:text-ink-500";

/**
 * The header's GET form to /search around its field: the label, the icon, the field (`input`,
 * third child, where the island loader finds it again) and the submit button, then `children`.
 */
export function HeaderSearchForm({
  inputId,
  input,
  onSubmit,
  children,
}: {
  inputId: string;
  input: ReactNode;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  children?: ReactNode;
}) {
  return (
    <form
      method="get"
      action="/search"
      role="search"
      aria-label="Site search"
      className="relative min-w-0 flex-1 md:max-w-xs"
      onSubmit={onSubmit}
    >
      <label htmlFor={inputId} className="sr-only">
        {SEARCH_TEXTS.label}
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-ink-500"
        aria-hidden="true"
      />
      {input}
      {/* Named apart from a page's own Search button, so each says which search it sends. */}
      <button type="submit" className="sr-only">
        {SEARCH_TEXTS.label}
      </button>
      {children}
    </form>
  );
}

import { useMatches } from "react-router";

/** A route's `handle` that makes its page plain HTML: no scripts, no hydration. */
export const STATIC_PAGE = { hydrate: false } as const;

/**
 * True when the current page ships no JavaScript. Such a page must work as
 * plain HTML (links, forms, `<details>`); anything it renders is final.
 */
export function useStaticPage(): boolean {
  return useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

import { useMatches } from "react-router";

/** A route's `handle` that makes its page plain HTML: no scripts, no hydration. */
export const STATIC_PAGE = { hydrate: false } as const;

/**
 * A route's `handle` that makes its page plain HTML whose interactive parts
 * (comments, players, copy buttons) are islands: small React roots mounted by
 * one script fetched after the page has loaded (app/islands/).
 */
export const ISLANDS_PAGE = { hydrate: "islands" } as const;

/**
 * How the current page runs: `false` when React hydrates it (the default),
 * `true` when it ships no JavaScript, "islands" when only its islands run. A
 * page that is not hydrated must work as plain HTML (links, forms, `<details>`).
 */
export function useStaticPage(): boolean | "islands" {
  const hydrate = useMatches()
    .map((match) => (match.handle as { hydrate?: boolean | "islands" } | undefined)?.hydrate)
    .find((h) => h !== undefined);
  return hydrate === undefined || hydrate === true ? false : hydrate === false ? true : "islands";
}

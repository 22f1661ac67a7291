import { useCallback, useEffect, useState } from "react";

/**
 * The page's query string as state, for a component that runs both inside React Router and as an
 * island without it (app/islands/). `initial` is the query string the server rendered with, so the
 * browser's first render matches it. A change replaces the address in place, keeping the history
 * entry's state (the router's key, when there is a router); back and forward are followed.
 */
export function useAddressParams(initial: string) {
  const [params, setParams] = useState(() => new URLSearchParams(initial));
  useEffect(() => {
    const follow = () => setParams(new URLSearchParams(window.location.search));
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, []);
  const update = useCallback((change: (params: URLSearchParams) => void) => {
    const next = new URLSearchParams(window.location.search);
    change(next);
    const search = next.toString();
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${search ? `?${search}` : ""}${window.location.hash}`,
    );
    setParams(next);
  }, []);
  return [params, update] as const;
}

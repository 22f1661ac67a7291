import { useEffect, useState } from "react";

/**
 * A part of a page the server may have rendered (`initial`), else fetched once from `url` when the
 * part first shows (a profile opened in the page). `failed` once the fetch did; `url` undefined
 * fetches nothing. The caller keys its component by what it shows, so a new one loads anew.
 */
export function useLoadedOnce<T>(url: string | undefined, initial: T | null): { data: T | null; failed: boolean } {
  const [data, setData] = useState<T | null>(initial);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (data || !url) return;
    const abort = new AbortController();
    fetch(url, { signal: abort.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        setData((await res.json()) as T);
      })
      .catch(() => {
        if (!abort.signal.aborted) setFailed(true);
      });
    return () => abort.abort();
    // Loaded once for what the component shows (its key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
  return { data, failed };
}

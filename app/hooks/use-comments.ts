import { useCallback, useEffect, useState } from "react";

export interface CommentItem {
  id: string;
  author_name: string;
  comment_text: string;
  created_at: string;
}

/** Comments asked for at a time: the first page, and each "Show more comments". */
export const COMMENTS_PAGE_SIZE = 20;

export interface CommentsState {
  status: "loading" | "ready" | "error";
  /** What has been received so far (kept while a refresh loads). */
  comments: CommentItem[];
  /** How many visible comments there are in all, once known. */
  total: number | undefined;
  /** True while there are comments not yet fetched. */
  more: boolean;
  /** True while "Show more comments" is fetching. */
  loadingMore: boolean;
}

interface Page {
  comments: CommentItem[];
  next_cursor: string | null;
  total: number;
}

interface Result {
  request: string;
  ok: boolean;
  comments: CommentItem[];
  cursor: string | null;
  total: number | undefined;
}

async function fetchPage(endpoint: string, cursor: string | null, signal?: AbortSignal): Promise<Page> {
  const params = new URLSearchParams({ limit: String(COMMENTS_PAGE_SIZE) });
  if (cursor) params.set("cursor", cursor);
  const res = await fetch(`${endpoint}?${params}`, { signal: signal ?? null, headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`comments: HTTP ${res.status}`);
  return (await res.json()) as Page;
}

/**
 * The comments at `endpoint`, fetched by the browser a page at a time: the first
 * page on load and on `reload`, the next one on `showMore`.
 */
export function useComments(endpoint: string): { state: CommentsState; reload: () => void; showMore: () => void } {
  const [version, setVersion] = useState(0);
  const request = `${version} ${endpoint}`;
  const [result, setResult] = useState<Result | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    fetchPage(endpoint, null, abort.signal)
      .then((page) =>
        setResult({ request, ok: true, comments: page.comments, cursor: page.next_cursor, total: page.total }),
      )
      .catch(() => {
        if (!abort.signal.aborted)
          setResult((r) => ({ request, ok: false, comments: r?.comments ?? [], cursor: null, total: r?.total }));
      });
    return () => abort.abort();
  }, [endpoint, request]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const cursor = result?.request === request ? result.cursor : null;
  const showMore = useCallback(() => {
    if (!cursor || loadingMore) return;
    setLoadingMore(true);
    fetchPage(endpoint, cursor)
      .then((page) =>
        setResult((r) => {
          if (!r || r.cursor !== cursor) return r;
          // A comment can move between pages while they are read (one was hidden): show it once.
          const seen = new Set(r.comments.map((c) => c.id));
          return {
            ...r,
            comments: [...r.comments, ...page.comments.filter((c) => !seen.has(c.id))],
            cursor: page.next_cursor,
            total: page.total,
          };
        }),
      )
      .catch(() => setResult((r) => r && { ...r, ok: false }))
      .finally(() => setLoadingMore(false));
  }, [endpoint, cursor, loadingMore]);

  const status = result?.request !== request ? "loading" : result.ok ? "ready" : "error";
  return {
    state: {
      status,
      comments: result?.comments ?? [],
      total: result?.total,
      more: status === "ready" && cursor !== null,
      loadingMore,
    },
    reload,
    showMore,
  };
}

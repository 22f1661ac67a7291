import { useCallback, useEffect, useState } from "react";

export interface CommentItem {
  id: string;
  author_name: string;
  comment_text: string;
  created_at: string;
}

export interface CommentsState {
  status: "loading" | "ready" | "error";
  /** The last list received (kept while a refresh loads). */
  comments: CommentItem[];
}

interface Result {
  request: string;
  ok: boolean;
  comments: CommentItem[];
}

/** The comments at `endpoint`, fetched by the browser, with a way to fetch them again. */
export function useComments(endpoint: string): { state: CommentsState; reload: () => void } {
  const [version, setVersion] = useState(0);
  const request = `${version} ${endpoint}`;
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetch(endpoint, { signal: abort.signal, headers: { Accept: "application/json" } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`comments: HTTP ${res.status}`);
        const body = (await res.json()) as { comments: CommentItem[] };
        setResult({ request, ok: true, comments: body.comments });
      })
      .catch(() => {
        if (!abort.signal.aborted) setResult((r) => ({ request, ok: false, comments: r?.comments ?? [] }));
      });
    return () => abort.abort();
  }, [endpoint, request]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const status = result?.request !== request ? "loading" : result.ok ? "ready" : "error";
  return { state: { status, comments: result?.comments ?? [] }, reload };
}

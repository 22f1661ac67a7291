import type { RequestListener } from "node:http";

/** An absolute-form target's scheme and authority, and the rest: its path and query. */
const ABSOLUTE = /^https?:\/\/[^/?#]*([^#]*)/i;

/**
 * Requests as the app expects them: an origin-form target (`/recap?q=rye`). Before the app sees
 * a request, an absolute-form target (`GET http://host/recap`, which HTTP/1.1 servers must accept
 * and proxies send) is rewritten to its path and query, byte for byte; `OPTIONS *` (a question
 * about the server as a whole) is answered 405, and any other target 400, each with a short JSON
 * message. On 4494ae7 the first two reached React Router as they were and got an unauthenticated
 * 500 (issue 38).
 */
export function originFormTargets(app: RequestListener): RequestListener {
  return (req, res) => {
    const target = req.url ?? "";
    if (target.startsWith("/")) return app(req, res);
    const absolute = ABSOLUTE.exec(target);
    if (absolute) {
      const rest = absolute[1]!;
      req.url = rest.startsWith("/") ? rest : `/${rest}`;
      return app(req, res);
    }
    const star = target === "*";
    const status = star && req.method === "OPTIONS" ? 405 : 400;
    const body = JSON.stringify({
      error: status === 405 ? "OPTIONS * is not supported: ask about a path" : "Bad request target",
    });
    res.writeHead(status, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...(status === 405 ? { Allow: "GET, HEAD, POST" } : {}),
    });
    res.end(body);
  };
}

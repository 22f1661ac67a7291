import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import parseurl from "parseurl";
import proxyAddr from "proxy-addr";
import { requestLineWriter, type Logger } from "../logger.ts";
import type { ContentVersionReader } from "../data/content-version.ts";
import type { PageCache, Encoding, RenderedPage } from "./page-cache.ts";
import type { HeadersFor } from "./security-headers.ts";
import type { PendingView, ViewedRequest } from "./audience-counting.ts";
import { answerHeaders, encodingFor, etagOf, notModified } from "./cached-answer.ts";
import { cacheKeyOf, versionFor } from "./pages.ts";
import {
  loggedRequest,
  loggedResponse,
  REQUEST_ABORTED,
  REQUEST_COMPLETED,
  requestIdOf,
  requestLogLevel,
  requestMessage,
} from "./request-log.ts";

type Trust = (address: string, hop: number) => boolean;

export interface FastPathDeps {
  versions: ContentVersionReader;
  cache: PageCache;
  logger: Logger;
  /** REQUEST_LOG_SAMPLE. */
  logSample: number;
  headersFor: HeadersFor;
  /** Which hops' forwarded headers to believe: the framework's own judgement (Express's "trust proxy fn"). */
  trust: Trust;
  /** Page views, when the audience is counted. */
  views?: (req: ViewedRequest) => PendingView | undefined;
}

/** One way of answering a kept response: its status, its headers as Node writes them, and its body. */
interface Written {
  status: number;
  headers: string[];
  body: Buffer | undefined;
  contentType: string;
}

/**
 * Answers what the cache already holds before the framework sees the request:
 * a GET or HEAD without a body whose place in the cache (cacheKeyOf) has a copy
 * at the current content version. The answer is what the framework's path would
 * send for that copy (cached-answer.ts, security-headers.ts), with the request
 * id, the sampled log line and the page view the framework would add; anything
 * else, including a miss, is handed to `framework` untouched.
 */
export function fastPath(deps: FastPathDeps, framework: RequestListener): RequestListener {
  const logLines = {
    [REQUEST_COMPLETED]: requestLineWriter(deps.logger, REQUEST_COMPLETED),
    [REQUEST_ABORTED]: requestLineWriter(deps.logger, REQUEST_ABORTED),
  };
  // Kept pages are compressed in every encoding before they are kept, and never change: each way
  // of answering one is worked out once, on its first hit, and dropped with the page.
  const ways = new WeakMap<RenderedPage, Map<string, Written>>();
  const wayOf = (page: RenderedPage, encoding: Encoding, fresh: boolean, path: string): Written | undefined => {
    // A kept copy lives at one address, so the headers for its path are always the same list.
    const key = `${encoding} ${fresh}`;
    let known = ways.get(page);
    const found = known?.get(key);
    if (found) return found;
    const body = fresh ? undefined : page.bodies[encoding];
    if (!fresh && !body) return undefined;
    // Later headers replace earlier ones of the same name, as setHeader does on the framework's path.
    const merged = new Map<string, [string, string]>();
    for (const [name, value] of [...deps.headersFor(path), ...answerHeaders(page, encoding, "hit", body)])
      merged.set(name.toLowerCase(), [name, value]);
    const written: Written = {
      status: fresh ? 304 : page.status,
      headers: [...merged.values()].flat(),
      body,
      contentType: page.headers.find(([name]) => name === "content-type")?.[1] ?? "",
    };
    if (!known) ways.set(page, (known = new Map()));
    known.set(key, written);
    return written;
  };

  const answer = (
    req: IncomingMessage,
    res: ServerResponse,
    page: RenderedPage,
    path: string,
    url: string,
    start: number,
  ) => {
    const method = req.method!;
    const encoding = encodingFor(req.headers);
    const way = wayOf(page, encoding, notModified(method, req.headers, page, etagOf(page, encoding)), path);
    if (!way) return false;
    const id = requestIdOf(req.headers["x-request-id"]);
    const pending = deps.views?.(viewed(req, path, url, deps.trust));
    const level = requestLogLevel(way.status, false, deps.logSample);
    if (pending) res.once("finish", () => pending(way.status, way.contentType));
    // A hit is a 200 or a 304: its line, when sampled, is an info line, written as pino-http writes
    // the framework's: on the first of finish and close, so an answer cut off is logged too.
    if (level === "info") {
      const done = () => {
        res.off("finish", done);
        res.off("close", done);
        logLines[requestMessage(req, res)]({
          req: loggedRequest({ id, method, url }),
          res: loggedResponse({ statusCode: way.status }),
          responseTime: Date.now() - start,
        });
      };
      res.on("finish", done);
      res.on("close", done);
    }
    res.writeHead(way.status, [...way.headers, "X-Request-Id", id]);
    if (way.body && method !== "HEAD") res.end(way.body);
    else res.end();
    return true;
  };

  return (req, res) => {
    const start = Date.now();
    const method = req.method;
    if ((method !== "GET" && method !== "HEAD") || hasBody(req)) return framework(req, res);
    const url = req.url ?? "/";
    // The path as Express reads it (it keeps the parse on the request and reuses it).
    const path = parseurl(req)?.pathname ?? url;
    const key = cacheKeyOf(path, url);
    if (key === undefined) return framework(req, res);
    versionFor(req, deps.versions).then(
      (version) => {
        const page = deps.cache.get(version, key);
        try {
          if (page && answer(req, res, page, path, url, start)) return;
        } catch (error) {
          // A kept copy Node will not write (a header value it refuses): the framework answers, or the request ends.
          deps.logger.error({ err: error, url }, "fast path could not answer a kept copy");
          if (res.headersSent) return void res.destroy();
        }
        framework(req, res);
      },
      // The database cannot say its version: the framework decides (it may serve the last copy), with this read.
      () => framework(req, res),
    );
  };
}

/** A GET or HEAD that says it carries a body is left to the framework, which reads and times bodies. */
const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined ||
  (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");

/** What page-view counting reads of a request, judged as Express judges `req.ip` and `req.hostname`. */
function viewed(req: IncomingMessage, path: string, url: string, trust: Trust): ViewedRequest {
  return {
    method: req.method!,
    path,
    url,
    headers: req.headers,
    address: () => proxyAddr(req, trust),
    hostname: () => hostnameOf(req, trust),
  };
}

/** `req.hostname` as Express 5 reads it, for a request Express has not seen (held to it by fast-path-hostname.test.ts). */
export function hostnameOf(req: IncomingMessage, trust: Trust): string | undefined {
  const forwarded = req.headers["x-forwarded-host"];
  let host = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  if (!host || !trust(req.socket.remoteAddress ?? "", 0)) host = req.headers.host;
  else if (host.includes(",")) host = host.slice(0, host.indexOf(",")).trimEnd();
  if (!host) return undefined;
  // An IPv6 literal's colons are not a port's.
  const port = host.indexOf(":", host.startsWith("[") ? host.indexOf("]") + 1 : 0);
  return port < 0 ? host : host.slice(0, port);
}

// React Router's Node entry. Pages are rendered whole, then cached and served
// many times by the server (server/http/pages.ts), which also sets their CSP
// from the hashes of the inline scripts in the finished HTML.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { appContext } from "#server/http/app-context.server.ts";
import { InlineCssContext } from "./inline-css";
import stylesheet from "./styles/app.css?url";

export const streamTimeout = 5_000;

/**
 * A loader's or action's error, logged with its stack and the request's id
 * (never the aborted requests of visitors who left), and noted on the render so
 * the server can tell "database unavailable" (503) from a bug (500).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const app = (context as RouterContextProvider).get(appContext);
  app.render?.errors.push(error);
  // The address is in the request's own log line (secrets taken out), found by the same id.
  app.logger.error({ err: error, reqId: app.render?.requestId }, "page failed to load");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const css = loadContext.get(appContext).stylesheetText?.(stylesheet) ?? "";
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD")
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise((resolve, reject) => {
    let allReady = false;
    let body: PassThrough | undefined;
    // A render that outlives its time is a failure, never a short page: before the page is
    // ready the request fails (React Router then renders the error page with a 500); while it
    // is being written, the body errors, so nothing truncated is sent or kept.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
      const error = new Error(`The page took longer than ${streamTimeout + 1000} ms to render`);
      if (body) body.destroy(error);
      else reject(error);
      abort(error);
    }, streamTimeout + 1000);

    const page = (
      <InlineCssContext value={css}>
        <ServerRouter context={routerContext} url={request.url} />
      </InlineCssContext>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      // The whole page at once: it is cached, and people and crawlers get the same bytes.
      onAllReady() {
        allReady = true;
        body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (allReady) console.error(error);
      },
    });
  });
}

import type { RequestHandler } from "express";
import type { Config } from "../config.ts";
import { closeAfterEarlyAnswer } from "./early-answers.ts";

/** Requests whose body is a file: the publishing API's and the desk's uploads and market-data imports, a restore, a CDN log import. */
const UPLOAD = /^\/api\/(?:admin|desk)\/(?:media|data\/import)\/[^/]+$|^\/api\/admin\/(?:restore|stats\/import)$/;

/**
 * How long a request may take to arrive. An upload (a 500 MB episode is 5 minutes at 13 Mbit/s)
 * may take as long as it keeps coming, and is cut after UPLOAD_IDLE_SECONDS without a byte;
 * anything else must arrive whole within REQUEST_TIMEOUT_SECONDS. Both end once the request has
 * arrived: the answer may take its own time (a deep-research chat waits up to 15 minutes).
 * An answer given before the request has arrived (a refusal) closes the connection
 * (early-answers.ts), so the timers need not outlive the answer.
 */
export function requestTimeouts(
  config: Pick<Config, "REQUEST_TIMEOUT_SECONDS" | "UPLOAD_IDLE_SECONDS">,
): RequestHandler {
  return (req, res, next) => {
    // Most requests (a GET) have arrived whole by now: nothing to time.
    if (req.complete) return next();
    closeAfterEarlyAnswer(req, res);
    const cut = () => {
      if (req.complete) return;
      if (!res.headersSent)
        res.status(408).set("Connection", "close").json({ error: "The request took too long to arrive" });
      req.socket.destroy();
    };
    if (req.method === "POST" && UPLOAD.test(req.path)) {
      const socket = req.socket;
      socket.setTimeout(config.UPLOAD_IDLE_SECONDS * 1000, cut);
      // Only once the body has arrived: cleared when the answer went out first (a 401), it let a sender
      // that never finished hold the connection for ever (issue 38); and cleared after the answer, it
      // would clear Node's keep-alive timeout, which uses the same socket timer.
      req.once("end", () => socket.setTimeout(0));
    } else {
      const timer = setTimeout(cut, config.REQUEST_TIMEOUT_SECONDS * 1000).unref();
      res.once("close", () => clearTimeout(timer));
      req.once("end", () => clearTimeout(timer));
    }
    next();
  };
}

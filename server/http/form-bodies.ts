import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { BODY_BUDGET_RETRY_SECONDS, BODY_BUFFERS, type BodyHold } from "./body-budget.ts";

/**
 * The most a form may send, by page: the recap and episode editors take long
 * texts (a recap's markdown, a transcript), from a signed-in editor only; every
 * other form (sign-in, setup, passwords, account, staff, moderation, the
 * newsletter's), and the editors' without a live desk session, a few fields.
 * Refused with 413 from Content-Length, or as soon as a body without one passes it.
 */
export const FORM_LIMITS = { editor: 4 * 1024 * 1024, other: 64 * 1024 };

const EDITOR = /^\/admin\/(?:recaps|episodes)\//;

/** Whether a request carries a live desk session (its cookie names one in the database). */
export type SignedIn = (req: ExpressRequest) => Promise<boolean>;

/**
 * A page form's body, read whole within its limit and the process's body budget (body-budget.ts),
 * or undefined when it was refused (413 over the limit, 503 past the budget; the answer is sent).
 * The session is checked before a byte is read, so the editors' room is for editors: on 4494ae7
 * their 4 MB applied before sign-in was checked (issue 38).
 */
export async function receiveForm(
  req: ExpressRequest,
  res: ExpressResponse,
  signedIn: SignedIn,
): Promise<Buffer | undefined> {
  const limit = EDITOR.test(req.path) && (await signedIn(req)) ? FORM_LIMITS.editor : FORM_LIMITS.other;
  const declared = Number(req.headers["content-length"]);
  if (declared > limit) return void tooLarge(res, limit);
  const hold = BODY_BUFFERS.take(res, Number.isFinite(declared) ? declared : 0);
  if (!hold) return void busy(res);
  const body = await formBody(req, limit, Number.isFinite(declared) ? undefined : hold);
  if (body === "too large") return void tooLarge(res, limit);
  if (body === "busy") return void busy(res);
  return body;
}

/**
 * The request's body, or why it stopped being read: larger than `limit`, or (for a body of
 * no declared length, whose room is taken as it comes) past the budget.
 */
function formBody(req: ExpressRequest, limit: number, growing?: BodyHold): Promise<Buffer | "too large" | "busy"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (why: "too large" | "busy") => {
      req.off("data", onData);
      req.pause();
      resolve(why);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return stop("too large");
      if (growing && !growing.add(chunk.length)) return stop("busy");
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

/**
 * 413 for a form over its limit. Sent before the body has arrived, it closes the connection
 * after reading and dropping the rest for a moment (early-answers.ts), so that the sender,
 * still sending, gets the answer rather than a reset connection.
 */
function tooLarge(res: ExpressResponse, limit: number): void {
  res
    .status(413)
    .set({ "Cache-Control": "no-store" })
    .type("text/plain")
    .send(`This form sent more than ${Math.round(limit / 1024)} KB, the most it may. Nothing was saved.`);
}

/** 503 while the process holds as many bodies as its budget allows; closed the same way. */
function busy(res: ExpressResponse): void {
  res
    .status(503)
    .set({ "Cache-Control": "no-store", "Retry-After": String(BODY_BUDGET_RETRY_SECONDS) })
    .type("text/plain")
    .send("The server is busy receiving other forms. Please try again in a few seconds. Nothing was saved.");
}

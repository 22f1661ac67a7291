import type { RequestHandler } from "express";
import { passwordHashingFull } from "../desk/passwords.server.ts";

/** The forms that check or hash a password: sign-in, the desk's setup, the account page, a set-password link. */
const PASSWORD_FORM = /^\/admin\/(?:sign-in|setup|account|password\/[^/]+)(?:\.data)?$/;

/**
 * While this instance's password hashing is full, a post to a password form is
 * answered 503 at once, before its body is read or its page rendered: a crowd of
 * sign-ins then costs next to nothing, and media and pages keep their share of
 * the machine (docs/security.md).
 */
export const passwordFormsWhenBusy: RequestHandler = (req, res, next) => {
  if (req.method !== "POST" || !PASSWORD_FORM.test(req.path) || !passwordHashingFull()) return next();
  res
    .status(503)
    .set({ "Retry-After": "2", "Cache-Control": "no-store" })
    .type("text/plain")
    .send("The desk is busy checking passwords. Please try again in a few seconds.");
};

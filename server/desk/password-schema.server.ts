import { z } from "zod";
import { MAX_PASSWORD, MIN_PASSWORD } from "#common/desk/password-rules.ts";

/** A new password as every desk form takes it. */
export const newPassword = z
  .string()
  .min(MIN_PASSWORD, `Use at least ${MIN_PASSWORD} characters.`)
  .max(MAX_PASSWORD, `Use at most ${MAX_PASSWORD} characters.`);

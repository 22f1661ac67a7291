import type { Kysely } from "kysely";
import { data } from "react-router";
import type { DB } from "#server/db/schema.ts";
import { PasswordHashingBusy } from "#server/desk/passwords.server.ts";
import { lockedFor } from "#server/desk/signin-guard.server.ts";

// The desk forms' answers when the sign-in guard or the hashing gate says no, as
// React Router responses: the guard itself (server/desk) knows nothing of HTTP.

/** "15 minutes", "1 minute": a wait in whole minutes, rounded up. */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** A form's answer when an attempt was refused: 429 with Retry-After, `refusal` and the wait. */
export function lockedOutAnswer<E extends Record<string, string>>(
  waitSeconds: number,
  refusal: string,
  extra: E = {} as E,
) {
  const body: { formError: string } & E = {
    formError: `${refusal} Try again in ${minutesText(waitSeconds)}.`,
    ...extra,
  };
  return data(body, { status: 429, headers: { "Retry-After": String(waitSeconds) } });
}

/** After a wrong guess: the lockout answer if that guess was the last one allowed, else undefined. */
export async function lockedOut<E extends Record<string, string>>(
  db: Kysely<DB>,
  key: string,
  client: string,
  refusal: string,
  extra: E = {} as E,
) {
  const wait = await lockedFor(db, key, client);
  return wait > 0 ? lockedOutAnswer(wait, refusal, extra) : undefined;
}

/**
 * Runs a password hash or check, or answers 503 with Retry-After when this
 * instance has too many running already (see HASHING in passwords.ts).
 */
export async function hashingOrBusy<T, E extends Record<string, string>>(work: () => Promise<T>, extra: E = {} as E) {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof PasswordHashingBusy)) throw err;
    return data(
      { formError: "The desk is busy checking passwords. Please try again in a few seconds.", ...extra },
      { status: 503, headers: { "Retry-After": "2" } },
    );
  }
}

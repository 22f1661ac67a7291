import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { clearedCookie, deskCookie, NO_STORE, requireStaff, requireStaffForm } from "./desk-request.server";
import { hashPassword, verifyPassword } from "#server/desk/passwords.server.ts";
import { MAX_PASSWORD } from "#common/desk/password-rules.ts";
import { endAllSessions, sessionCount, SESSION_COOKIE, startSession } from "#server/desk/sessions.server.ts";
import { setPasswordHash, staffForSignIn } from "#server/desk/staff.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { newPassword } from "#server/desk/password-schema.server.ts";
import { deskMeta } from "../../features/desk/desk-text";
import { NewPasswordFields } from "../../features/desk/new-password-fields";
import {
  CsrfField,
  dangerButton,
  DeskPage,
  Field,
  FormMessage,
  inputClass,
  primaryButton,
  useDesk,
} from "../../features/desk/desk-ui";
import { attemptSucceeded, takeAttempt } from "#server/desk/signin-guard.server.ts";
import { hashingOrBusy, lockedOut, lockedOutAnswer } from "./form-answers.server";
import { clientAddress } from "#server/http/client-address.server.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => deskMeta("Account");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const session = await requireStaff(request, database);
  return data({ sessions: await sessionCount(database.db, session.user.id) }, { headers: NO_STORE });
}

const change = z
  .object({
    current: z.string().min(1, "Enter your current password.").max(MAX_PASSWORD),
    password: newPassword,
    confirm: z.string(),
  })
  .refine((p) => p.password === p.confirm, { message: "The two new passwords are not the same." });

export async function action({ request, context }: Route.ActionArgs) {
  const { database, config } = context.get(appContext);
  const { session, form } = await requireStaffForm(request, database, config);
  const db = database.db;
  if (form.get("intent") === "everywhere") {
    await endAllSessions(db, session.user.id);
    return redirect("/admin/sign-in", { headers: { "Set-Cookie": clearedCookie(SESSION_COOKIE), ...NO_STORE } });
  }
  const parsed = change.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ formError: parsed.error.issues[0]!.message }, { status: 400 });
  // Guessing the current password here is limited like signing in (a stolen session must not make it free).
  const client = clientAddress(request);
  const attempt = await takeAttempt(db, session.user.email, client);
  if (!attempt.allowed) return lockedOutAnswer(attempt.waitSeconds, "Too many wrong passwords.");
  const member = await staffForSignIn(db, session.user.email);
  const right = await hashingOrBusy(() => verifyPassword(parsed.data.current, member?.passwordHash ?? null));
  if (typeof right !== "boolean") return right;
  if (!member?.passwordHash || !right) {
    return (
      (await lockedOut(db, session.user.email, client, "Too many wrong passwords.")) ??
      data({ formError: "Your current password is not right." }, { status: 400 })
    );
  }
  await attemptSucceeded(db, session.user.email, attempt);
  const passwordHash = await hashingOrBusy(() => hashPassword(parsed.data.password));
  if (typeof passwordHash !== "string") return passwordHash;
  await setPasswordHash(db, member.id, passwordHash);
  // A new password ends every other session: this one starts afresh.
  await endAllSessions(db, member.id);
  const { token, expires } = await startSession(db, member.id);
  return data(
    { notice: "Password changed. You were signed out everywhere else." },
    { headers: { "Set-Cookie": deskCookie(SESSION_COOKIE, token, expires) } },
  );
}

export default function DeskAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = useDesk();
  const result = actionData as { notice?: string; formError?: string } | undefined;
  return (
    <DeskPage title="Account">
      <p className="text-ink-700">
        {user.name} · {user.email} · <span className="capitalize">{user.role}</span>
      </p>
      <FormMessage error={result?.formError} notice={result?.notice} />
      <section aria-labelledby="change-password" className="max-w-xl rounded-card bg-surface p-5 shadow-card">
        <h2 id="change-password" className="font-semibold text-ink-950">
          Change password
        </h2>
        <Form method="post" className="mt-4 space-y-4">
          <CsrfField />
          <Field id="current" label="Current password">
            <input
              id="current"
              name="current"
              type="password"
              autoComplete="current-password"
              required
              maxLength={MAX_PASSWORD}
              className={inputClass}
            />
          </Field>
          <NewPasswordFields email={user.email} />
          <button type="submit" className={primaryButton}>
            Change password
          </button>
        </Form>
      </section>
      <section aria-labelledby="sessions" className="max-w-xl rounded-card bg-surface p-5 shadow-card">
        <h2 id="sessions" className="font-semibold text-ink-950">
          Sessions
        </h2>
        <p className="mt-2 text-ink-700">
          You are signed in on {loaderData.sessions}{" "}
          {loaderData.sessions === 1 ? "device or browser" : "devices or browsers"}.
        </p>
        <Form method="post" className="mt-4">
          <CsrfField />
          <button type="submit" name="intent" value="everywhere" className={dangerButton}>
            Sign out everywhere
          </button>
        </Form>
      </section>
    </DeskPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

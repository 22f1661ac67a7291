import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import {
  assertCsrf,
  assertSameOrigin,
  cookieValue,
  deskCookie,
  FORM_COOKIE,
  formToken,
  NO_STORE,
  safeNext,
} from "./desk-request.server";
import { verifyPassword } from "#server/desk/passwords.server.ts";
import { MAX_PASSWORD } from "#common/desk/password-rules.ts";
import { readSession, SESSION_COOKIE, startSession } from "#server/desk/sessions.server.ts";
import { attemptSucceeded, takeAttempt } from "#server/desk/signin-guard.server.ts";
import { hashingOrBusy, lockedOut, lockedOutAnswer } from "./form-answers.server";
import { staffCount, staffForSignIn } from "#server/desk/staff.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { CsrfField, Field, FormMessage, inputClass, primaryButton } from "../../features/desk/desk-ui";
import { clientAddress } from "#server/http/client-address.server.ts";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { deskMeta, retryAfterHeaders } from "../../features/desk/desk-text";
import type { Route } from "./+types/sign-in";
import { readForm } from "../../lib/read-form.server";

export const meta: Route.MetaFunction = () => deskMeta("Sign in");

// A refused sign-in says when to try again (Retry-After on the page's own response).
export const headers: Route.HeadersFunction = retryAfterHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  if (await readSession(database.db, cookieValue(request, SESSION_COOKIE))) throw redirect(next, { headers: NO_STORE });
  if ((await staffCount(database.db)) === 0) throw redirect("/admin/setup", { headers: NO_STORE });
  const { token, setCookie } = formToken(request);
  return data({ csrf: token }, { headers: setCookie ? { "Set-Cookie": setCookie } : {} });
}

const signIn = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(MAX_PASSWORD),
});

const WRONG = "Wrong email or password.";

export async function action({ request, context }: Route.ActionArgs) {
  const { database, config } = context.get(appContext);
  assertSameOrigin(request, config);
  const form = await readForm(request);
  assertCsrf(cookieValue(request, FORM_COOKIE), form.get("csrf"));
  const parsed = signIn.safeParse({ email: form.get("email"), password: form.get("password") });
  if (!parsed.success)
    return data(
      { formError: "Enter your email and password.", email: String(form.get("email") ?? "") },
      { status: 400 },
    );
  const { email, password } = parsed.data;
  const client = clientAddress(request);

  const attempt = await takeAttempt(database.db, email, client);
  if (!attempt.allowed) return lockedOutAnswer(attempt.waitSeconds, "Too many failed sign-ins.", { email });

  const member = await staffForSignIn(database.db, email);
  // Unknown addresses take as long as wrong passwords: the answer tells nobody who has an account.
  const ok = await hashingOrBusy(() => verifyPassword(password, member?.passwordHash ?? null), { email });
  if (typeof ok !== "boolean") return ok;
  if (!member?.passwordHash || !ok) {
    return (
      (await lockedOut(database.db, email, client, "Too many failed sign-ins.", { email })) ??
      data({ formError: WRONG, email }, { status: 401 })
    );
  }
  await attemptSucceeded(database.db, email, attempt);
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  const { token, expires } = await startSession(database.db, member.id);
  return redirect(next, { headers: { "Set-Cookie": deskCookie(SESSION_COOKIE, token, expires), ...NO_STORE } });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="font-display text-3xl font-semibold text-ink-950">Sign in to the desk</h1>
      <p className="mt-2 text-ink-700">For the people who publish the hub: recaps, episodes and comments.</p>
      <Form method="post" className="mt-8 space-y-5" noValidate={false}>
        <CsrfField token={loaderData.csrf} />
        <FormMessage error={actionData?.formError} />
        <Field id="email" label="Email">
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={actionData?.email ?? ""}
            className={inputClass}
          />
        </Field>
        <Field id="password" label="Password">
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={MAX_PASSWORD}
            className={inputClass}
          />
        </Field>
        <button type="submit" className={`${primaryButton} w-full`} disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </button>
      </Form>
      <p className="mt-6 text-sm text-ink-600">
        Forgot your password? Ask an owner for a new link, or run npm run hub -- user link &lt;email&gt;.
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

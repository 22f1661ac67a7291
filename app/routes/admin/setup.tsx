import { data, Form, redirect } from "react-router";
import { z } from "zod";
import {
  assertCsrf,
  assertSameOrigin,
  cookieValue,
  deskCookie,
  FORM_COOKIE,
  formToken,
  NO_STORE,
  sameSecret,
} from "./desk-request.server";
import { newPassword } from "#server/desk/password-schema.server.ts";
import { hashPassword } from "#server/desk/passwords.server.ts";
import { MAX_PASSWORD, MIN_PASSWORD } from "#common/desk/password-rules.ts";
import { SESSION_COOKIE, startSession } from "#server/desk/sessions.server.ts";
import { attemptSucceeded, takeAttempt } from "#server/desk/signin-guard.server.ts";
import { hashingOrBusy, lockedOut, lockedOutAnswer } from "./form-answers.server";
import { addStaff, StaffError, staffCount } from "#server/desk/staff.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { clientAddress } from "#server/http/client-address.server.ts";
import { deskMeta, retryAfterHeaders } from "../../features/desk/desk-text";
import { CsrfField, Field, FormMessage, inputClass, primaryButton } from "../../features/desk/desk-ui";
import type { Route } from "./+types/setup";
import { readForm } from "../../lib/read-form.server";

// The command line talks to the publishing API, which needs the token too: the token comes first, whichever way.
const NO_TOKEN =
  "This site has no ADMIN_TOKEN. Set it in the server's environment and restart; then enter it here, or run npm run hub -- user add with it.";

export const meta: Route.MetaFunction = () => deskMeta("Set up the desk");

// The desk's first owner, on a site that has none yet: whoever holds the
// operator's ADMIN_TOKEN may make it. Once anyone has an account, this page is gone.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, config } = context.get(appContext);
  if ((await staffCount(database.db)) > 0) throw redirect("/admin/sign-in", { headers: NO_STORE });
  const { token, setCookie } = formToken(request);
  return data(
    { csrf: token, tokenSet: Boolean(config.ADMIN_TOKEN) },
    { headers: setCookie ? { "Set-Cookie": setCookie } : {} },
  );
}

const setup = z.object({
  token: z.string().min(1, "Enter the site's ADMIN_TOKEN."),
  name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  email: z.email("Enter an email address.").max(320),
  password: newPassword,
});

/** Wrong tokens on the setup page count under this key, like a sign-in's wrong passwords under an address. */
const SETUP_KEY = "(setup token)";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { database, config } = context.get(appContext);
  assertSameOrigin(request, config);
  const form = await readForm(request);
  assertCsrf(cookieValue(request, FORM_COOKIE), form.get("csrf"));
  if (!config.ADMIN_TOKEN) return data({ formError: NO_TOKEN }, { status: 400 });
  const parsed = setup.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ formError: parsed.error.issues[0]!.message }, { status: 400 });
  // Guessing the token here is limited like guessing a password (five tries, then a wait).
  const client = clientAddress(request);
  const attempt = await takeAttempt(database.db, SETUP_KEY, client);
  if (!attempt.allowed) return lockedOutAnswer(attempt.waitSeconds, "Too many wrong tokens.");
  if (!sameSecret(parsed.data.token, config.ADMIN_TOKEN)) {
    return (
      (await lockedOut(database.db, SETUP_KEY, client, "Too many wrong tokens.")) ??
      data({ formError: "That is not the site's ADMIN_TOKEN." }, { status: 401 })
    );
  }
  await attemptSucceeded(database.db, SETUP_KEY, attempt);
  try {
    // Two people racing to set up: the first wins, the second is told.
    if ((await staffCount(database.db)) > 0)
      return data({ formError: "The desk already has an owner: sign in instead." }, { status: 409 });
    const passwordHash = await hashingOrBusy(() => hashPassword(parsed.data.password));
    if (typeof passwordHash !== "string") return passwordHash;
    const owner = await addStaff(database.db, { ...parsed.data, role: "owner", passwordHash });
    const { token, expires } = await startSession(database.db, owner.id);
    return redirect("/admin", { headers: { "Set-Cookie": deskCookie(SESSION_COOKIE, token, expires), ...NO_STORE } });
  } catch (err) {
    if (err instanceof StaffError) return data({ formError: err.message }, { status: 409 });
    throw err;
  }
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="font-display text-3xl font-semibold text-ink-950">Set up the desk</h1>
      {loaderData.tokenSet ? (
        <>
          <p className="mt-2 text-ink-700">
            Make the first owner account. You need the site's ADMIN_TOKEN, from the server's settings.
          </p>
          <Form method="post" className="mt-8 space-y-5">
            <CsrfField token={loaderData.csrf} />
            <FormMessage error={actionData?.formError} />
            <Field id="token" label="ADMIN_TOKEN">
              <input id="token" name="token" type="password" autoComplete="off" required className={inputClass} />
            </Field>
            <Field id="name" label="Your name">
              <input id="name" name="name" autoComplete="name" required maxLength={100} className={inputClass} />
            </Field>
            <Field id="email" label="Email">
              <input id="email" name="email" type="email" autoComplete="username" required className={inputClass} />
            </Field>
            <Field id="password" label="Password" hint={`At least ${MIN_PASSWORD} characters.`}>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={MIN_PASSWORD}
                maxLength={MAX_PASSWORD}
                aria-describedby="password-hint"
                className={inputClass}
              />
            </Field>
            <button type="submit" className={`${primaryButton} w-full`}>
              Create the owner account
            </button>
          </Form>
        </>
      ) : (
        <p className="mt-4 text-ink-700">
          The desk has no staff yet, and this site has no ADMIN_TOKEN. Set <code>ADMIN_TOKEN</code> (16 characters or
          more) in the server&apos;s environment and restart it; then either enter the token here, or run{" "}
          <code>ADMIN_TOKEN=… npm run hub -- user add &lt;email&gt; --name &quot;Your Name&quot; --role owner</code>{" "}
          (the command line uses the same token) and open the link it prints.
        </p>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

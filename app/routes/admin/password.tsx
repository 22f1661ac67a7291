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
} from "./desk-request.server";
import { linkOwner, spendPasswordLink } from "#server/desk/password-links.server.ts";
import { hashPassword } from "#server/desk/passwords.server.ts";
import { SESSION_COOKIE, startSession } from "#server/desk/sessions.server.ts";
import { getStaff } from "#server/desk/staff.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { deskMeta } from "../../features/desk/desk-text";
import { NewPasswordFields } from "../../features/desk/new-password-fields";
import { CsrfField, FormMessage, primaryButton } from "../../features/desk/desk-ui";
import { hashingOrBusy } from "./form-answers.server";
import type { Route } from "./+types/password";
import { newPassword } from "#server/desk/password-schema.server.ts";
import { readForm } from "../../lib/read-form.server";

export const meta: Route.MetaFunction = () => deskMeta("Set your password");

const GONE = "This link has been used or has expired. Ask an owner for a new one.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const userId = await linkOwner(database.db, params.token);
  const member = userId === undefined ? undefined : await getStaff(database.db, userId);
  if (!member) throw data({ formError: GONE }, { status: 404, headers: NO_STORE });
  const { token, setCookie } = formToken(request);
  return data(
    { csrf: token, email: member.email, name: member.name },
    { headers: setCookie ? { "Set-Cookie": setCookie } : {} },
  );
}

const passwords = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((p) => p.password === p.confirm, { message: "The two passwords are not the same.", path: ["confirm"] });

export async function action({ request, params, context }: Route.ActionArgs) {
  const { database, config } = context.get(appContext);
  assertSameOrigin(request, config);
  const form = await readForm(request);
  assertCsrf(cookieValue(request, FORM_COOKIE), form.get("csrf"));
  const parsed = passwords.safeParse({ password: form.get("password"), confirm: form.get("confirm") });
  if (!parsed.success) return data({ formError: parsed.error.issues[0]!.message }, { status: 400 });
  const passwordHash = await hashingOrBusy(() => hashPassword(parsed.data.password));
  if (typeof passwordHash !== "string") return passwordHash;
  const userId = await spendPasswordLink(database.db, params.token, passwordHash);
  if (userId === undefined) return data({ formError: GONE }, { status: 410 });
  const { token, expires } = await startSession(database.db, userId);
  return redirect("/admin", { headers: { "Set-Cookie": deskCookie(SESSION_COOKIE, token, expires), ...NO_STORE } });
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="font-display text-3xl font-semibold text-ink-950">Set your password</h1>
      <p className="mt-2 text-ink-700">
        {`For ${loaderData.name} (${loaderData.email}). Setting it signs you out everywhere else.`}
      </p>
      <Form method="post" className="mt-8 space-y-5">
        <CsrfField token={loaderData.csrf} />
        <FormMessage error={actionData?.formError} />
        <NewPasswordFields email={loaderData.email} />
        <button type="submit" className={`${primaryButton} w-full`}>
          Set password and sign in
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { rowId } from "#common/data/row-id.ts";
import { NO_STORE, requireStaff, requireStaffForm } from "./desk-request.server";
import { passwordLink } from "#server/desk/password-links.server.ts";
import { addStaff, listStaff, removeStaff, setRole, StaffError, STAFF_ROLES } from "#server/desk/staff.server.ts";
import { endAllSessions } from "#server/desk/sessions.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { deskMeta } from "../../features/desk/desk-text";
import {
  CsrfField,
  DeskPage,
  Field,
  FormMessage,
  inputClass,
  primaryButton,
  useDesk,
} from "../../features/desk/desk-ui";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = () => deskMeta("Staff");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  await requireStaff(request, database, "owner");
  return data({ staff: await listStaff(database.db) }, { headers: NO_STORE });
}

const newMember = z.object({
  name: z.string().trim().min(1, "Enter a name.").max(100, "Use at most 100 characters."),
  email: z.email("Enter an email address.").max(320),
  role: z.enum(STAFF_ROLES as ["owner", "editor"], { message: "Choose a role." }),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { database, config } = context.get(appContext);
  const { session, form } = await requireStaffForm(request, database, config, "owner");
  const db = database.db;
  const intent = String(form.get("intent") ?? "");
  const link = (path: string) => `${config.SITE_URL}${path}`;
  try {
    if (intent === "add") {
      const parsed = newMember.safeParse(Object.fromEntries(form));
      if (!parsed.success) return data({ formError: parsed.error.issues[0]!.message }, { status: 400 });
      const member = await addStaff(db, parsed.data);
      return {
        notice: `${member.name} was added. Send them this one-time link to set their password (good for 24 hours):`,
        link: link(await passwordLink(db, member.id)),
      };
    }
    const id = rowId(String(form.get("id") ?? ""));
    if (!id) return data({ formError: "Choose a member." }, { status: 400 });
    if (intent === "link") {
      await endAllSessions(db, id);
      return {
        notice: "A new one-time link (good for 24 hours). Their sessions were ended:",
        link: link(await passwordLink(db, id)),
      };
    }
    if (intent === "role") {
      const role = z.enum(STAFF_ROLES as ["owner", "editor"]).safeParse(form.get("role"));
      if (!role.success) return data({ formError: "Choose a role." }, { status: 400 });
      await setRole(db, id, role.data);
      return { notice: "Role changed." };
    }
    if (intent === "remove") {
      if (id === session.user.id) return data({ formError: "You cannot remove yourself." }, { status: 400 });
      await removeStaff(db, id);
      return { notice: "Removed, and signed out everywhere." };
    }
  } catch (err) {
    if (err instanceof StaffError) return data({ formError: err.message }, { status: 409 });
    throw err;
  }
  return data({ formError: "Choose what to do." }, { status: 400 });
}

export default function DeskStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff } = loaderData;
  const { user } = useDesk();
  const busy = useNavigation().state === "submitting";
  const result = actionData as { notice?: string; link?: string; formError?: string } | undefined;
  return (
    <DeskPage title="Staff">
      <FormMessage error={result?.formError} notice={result?.notice} />
      {result?.link ? (
        <p className="break-all rounded-md bg-paper px-4 py-3 font-mono text-sm" data-testid="password-link">
          {result.link}
        </p>
      ) : null}
      <ul className="divide-y divide-ink-100 rounded-card bg-surface shadow-card">
        {staff.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-semibold text-ink-950">
                {m.name} {m.id === user.id ? <span className="text-sm font-normal text-ink-600">(you)</span> : null}
              </p>
              <p className="text-sm text-ink-700">
                {m.email} · <span className="capitalize">{m.role}</span>
                {m.active ? "" : " · has not set a password yet"}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Form method="post" className="flex items-center gap-2">
                <CsrfField />
                <input type="hidden" name="id" value={m.id} />
                <label htmlFor={`role-${m.id}`} className="sr-only">
                  Role of {m.name}
                </label>
                <select
                  id={`role-${m.id}`}
                  name="role"
                  defaultValue={m.role}
                  className="min-h-11 rounded-md border border-ink-300 bg-surface px-2"
                >
                  <option value="editor">Editor</option>
                  <option value="owner">Owner</option>
                </select>
                <button
                  type="submit"
                  name="intent"
                  value="role"
                  className="min-h-11 px-2 text-sm font-semibold text-copper-700 underline"
                  disabled={busy}
                >
                  Change role<span className="sr-only"> of {m.name}</span>
                </button>
              </Form>
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="id" value={m.id} />
                <button
                  type="submit"
                  name="intent"
                  value="link"
                  className="min-h-11 px-2 text-sm font-semibold text-copper-700 underline"
                  disabled={busy}
                >
                  New password link<span className="sr-only"> for {m.name}</span>
                </button>
              </Form>
              {m.id === user.id ? null : (
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(`Remove ${m.name} from the desk?`)) event.preventDefault();
                  }}
                >
                  <CsrfField />
                  <input type="hidden" name="id" value={m.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove"
                    className="min-h-11 px-2 text-sm font-semibold text-red-800 underline"
                    disabled={busy}
                  >
                    Remove<span className="sr-only"> {m.name}</span>
                  </button>
                </Form>
              )}
            </div>
          </li>
        ))}
      </ul>
      <section aria-labelledby="add-member" className="max-w-xl rounded-card bg-surface p-5 shadow-card">
        <h2 id="add-member" className="font-semibold text-ink-950">
          Add a member
        </h2>
        <Form method="post" className="mt-4 space-y-4">
          <CsrfField />
          <Field id="new-name" label="Name">
            <input id="new-name" name="name" required maxLength={100} className={inputClass} />
          </Field>
          <Field id="new-email" label="Email">
            <input id="new-email" name="email" type="email" required className={inputClass} />
          </Field>
          <Field id="new-role" label="Role" hint="Editors publish and moderate; owners also manage staff.">
            <select
              id="new-role"
              name="role"
              defaultValue="editor"
              className={inputClass}
              aria-describedby="new-role-hint"
            >
              <option value="editor">Editor</option>
              <option value="owner">Owner</option>
            </select>
          </Field>
          <button type="submit" name="intent" value="add" className={primaryButton} disabled={busy}>
            Add member
          </button>
        </Form>
      </section>
    </DeskPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

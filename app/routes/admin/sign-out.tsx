import { redirect } from "react-router";
import { clearedCookie, NO_STORE, requireStaffForm } from "./desk-request.server";
import { endAllSessions, endSession, SESSION_COOKIE } from "#server/desk/sessions.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import type { Route } from "./+types/sign-out";

// Sign-out is a form post (a link could be followed by a prefetch or another site).
export async function action({ request, context }: Route.ActionArgs) {
  const { database, config } = context.get(appContext);
  const { session, form } = await requireStaffForm(request, database, config);
  if (form.get("everywhere") === "true") await endAllSessions(database.db, session.user.id);
  else await endSession(database.db, session.id);
  return redirect("/admin/sign-in", { headers: { "Set-Cookie": clearedCookie(SESSION_COOKIE), ...NO_STORE } });
}

export const loader = () => redirect("/admin");

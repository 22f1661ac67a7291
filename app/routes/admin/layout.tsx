import { data, Form, NavLink, Outlet } from "react-router";
import { NO_STORE, requireStaff } from "./desk-request.server";
import { appContext } from "#server/http/app-context.server.ts";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { CsrfField } from "../../features/desk/desk-ui";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  const session = await requireStaff(request, database);
  return data({ user: session.user, csrf: session.csrf }, { headers: NO_STORE });
}

// Every desk action changes what the desk shows: reload the member and token after each.
export const shouldRevalidate = () => true;

const link = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-semibold ${isActive ? "bg-ink-900 text-white" : "text-ink-800 hover:bg-paper-strong"}`;

export default function DeskLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-ink-100 pb-4">
        <nav aria-label="Desk" className="-mx-1 flex max-w-full gap-1 overflow-x-auto px-1">
          <NavLink to="/admin" end className={link}>
            Desk
          </NavLink>
          <NavLink to="/admin/recaps" className={link}>
            Recaps
          </NavLink>
          <NavLink to="/admin/episodes" className={link}>
            Episodes
          </NavLink>
          <NavLink to="/admin/comments" className={link}>
            Comments
          </NavLink>
          <NavLink to="/admin/feedback" className={link}>
            Feedback
          </NavLink>
          <NavLink to="/admin/audience" className={link}>
            Audience
          </NavLink>
          <NavLink to="/admin/data" className={link}>
            Data
          </NavLink>
          {user.role === "owner" ? (
            <NavLink to="/admin/staff" className={link}>
              Staff
            </NavLink>
          ) : null}
          <NavLink to="/admin/account" className={link}>
            Account
          </NavLink>
        </nav>
        <div className="flex items-center gap-3 text-sm text-ink-700">
          <span>
            {user.name} · <span className="capitalize">{user.role}</span>
          </span>
          <Form method="post" action="/admin/sign-out">
            <CsrfField token={loaderData.csrf} />
            <button type="submit" className="min-h-11 rounded-md px-3 font-semibold text-copper-700 underline">
              Sign out
            </button>
          </Form>
        </div>
      </div>
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

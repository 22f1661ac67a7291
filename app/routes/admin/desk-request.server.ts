import { randomBytes, timingSafeEqual } from "node:crypto";
import { data, redirect } from "react-router";
import type { Config } from "#server/config.ts";
import type { StaffRole } from "#server/db/schema.ts";
import type { Database } from "#server/db/client.ts";
import { readSession, SESSION_COOKIE, type DeskSession } from "#server/desk/sessions.server.ts";
import { cookieIn, deskCookie, FORM_COOKIE, sameSite } from "#server/desk/request-checks.server.ts";
import { readForm } from "../../lib/read-form.server";

export { clearedCookie, cookieIn, deskCookie, FORM_COOKIE, sameSecret } from "#server/desk/request-checks.server.ts";

/** One cookie's value from a request. */
export const cookieValue = (request: Request, name: string) => cookieIn(request.headers.get("cookie"), name);

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A form post from another site is refused: the browser's Origin header (sent
 * with every POST) must be this site's, and the form must carry the token only
 * this site's pages know.
 */
export function assertSameOrigin(request: Request, config: Pick<Config, "SITE_URL">): void {
  if (!sameSite(request.headers.get("origin"), request.headers.get("host"), config)) {
    throw data({ formError: "This form was sent from another site and was refused." }, { status: 403 });
  }
}

export function assertCsrf(expected: string | undefined, sent: ReturnType<FormData["get"]>): void {
  if (!expected || typeof sent !== "string" || !same(expected, sent)) {
    throw data({ formError: "This form has expired. Reload the page and try again." }, { status: 403 });
  }
}

/** The token for a form shown before sign-in, and the cookie to set when there was none yet. */
export function formToken(request: Request): { token: string; setCookie?: string } {
  const existing = cookieValue(request, FORM_COOKIE);
  if (existing && /^[\w-]{20,64}$/.test(existing)) return { token: existing };
  const token = randomBytes(24).toString("base64url");
  return { token, setCookie: deskCookie(FORM_COOKIE, token) };
}

/**
 * The page a request is for, as the address bar shows it: a client-side
 * navigation asks for `/admin/recaps.data?_routes=…`, which is `/admin/recaps`.
 */
export function pageAddress(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return path + (search ? `?${search}` : "");
}

/** Pages the desk shows are personal: never kept by a browser, proxy or the page cache. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** The signed-in member's session, or a redirect to the sign-in page (back here after). A role the member lacks is a 403. */
export async function requireStaff(request: Request, database: Database, role?: StaffRole): Promise<DeskSession> {
  const session = await readSession(database.db, cookieValue(request, SESSION_COOKIE));
  if (!session) {
    throw redirect(`/admin/sign-in?next=${encodeURIComponent(pageAddress(request))}`, { headers: NO_STORE });
  }
  if (role === "owner" && session.user.role !== "owner")
    throw data({ formError: "Only an owner can do this." }, { status: 403, headers: NO_STORE });
  return session;
}

/** For an action: the session, checked against the form's CSRF token and the request's origin. */
export async function requireStaffForm(
  request: Request,
  database: Database,
  config: Config,
  role?: StaffRole,
): Promise<{ session: DeskSession; form: FormData }> {
  assertSameOrigin(request, config);
  const session = await requireStaff(request, database, role);
  const form = await readForm(request);
  assertCsrf(session.csrf, form.get("csrf"));
  return { session, form };
}

/** Where to go after signing in: a path on this site, never another site. */
export function safeNext(raw: string | null): string {
  // Printable ASCII only: a control or non-Latin-1 character cannot go in a Location header (it threw: a 500).
  return raw && /^\/admin(?:[/?#][\x21-\x7e]*)?$/.test(raw) && !raw.includes("\\") ? raw : "/admin";
}

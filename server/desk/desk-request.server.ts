import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { data, redirect } from "react-router";
import type { Config } from "../config.ts";
import type { StaffRole } from "../db/schema.ts";
import type { Database } from "../db/client.ts";
import { readSession, SESSION_COOKIE, type DeskSession } from "./sessions.server.ts";

/** The cookie that carries a CSRF token before anyone has signed in (the sign-in and set-password forms). */
export const FORM_COOKIE = "proofline_desk_form";

/** One cookie's value from a Cookie header. */
export function cookieIn(header: string | null | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** One cookie's value from a request. */
export const cookieValue = (request: Request, name: string) => cookieIn(request.headers.get("cookie"), name);

/**
 * A desk cookie: HttpOnly (no script reads it), Secure (browsers treat
 * http://localhost as secure, so it works in development too), SameSite=Lax (no
 * cross-site form post carries it), for the whole site (the upload API is under /api).
 */
export function deskCookie(name: string, value: string, expires?: Date): string {
  const when = expires ? `; Expires=${expires.toUTCString()}` : "";
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; Secure; SameSite=Lax${when}`;
}
export const clearedCookie = (name: string) => `${name}=; Path=/; HttpOnly; Secure; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether `given` is `secret`, in the same time for any guess (both sides hashed to one length). */
export function sameSecret(given: string, secret: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

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

/**
 * Whether a request's Origin is this site: SITE_URL's origin, or the host the
 * browser addressed (the same site reached by another name, e.g. 127.0.0.1).
 * No Origin at all (an old browser, a script) passes: the CSRF token still has to match.
 */
export function sameSite(origin: string | null | undefined, host: string | null | undefined, config: Pick<Config, "SITE_URL">): boolean {
  if (!origin) return true;
  if (origin === new URL(config.SITE_URL).origin) return true;
  try {
    return host !== null && host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function assertCsrf(expected: string | undefined, sent: FormDataEntryValue | null): void {
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
  if (role === "owner" && session.user.role !== "owner") throw data({ formError: "Only an owner can do this." }, { status: 403, headers: NO_STORE });
  return session;
}

/** For an action: the session, checked against the form's CSRF token and the request's origin. */
export async function requireStaffForm(request: Request, database: Database, config: Config, role?: StaffRole): Promise<{ session: DeskSession; form: FormData }> {
  assertSameOrigin(request, config);
  const session = await requireStaff(request, database, role);
  const form = await request.formData();
  assertCsrf(session.csrf, form.get("csrf"));
  return { session, form };
}

/** Where to go after signing in: a path on this site, never another site. */
export function safeNext(raw: string | null): string {
  // Printable ASCII only: a control or non-Latin-1 character cannot go in a Location header (it threw: a 500).
  return raw && /^\/admin(?:[/?#][\x21-\x7e]*)?$/.test(raw) && !raw.includes("\\") ? raw : "/admin";
}

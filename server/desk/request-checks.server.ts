import { createHash, timingSafeEqual } from "node:crypto";
import type { Config } from "../config.ts";

// The desk's request checks that need no web framework: cookies, secrets compared
// in constant time, and whether a request came from this site. The desk's pages
// (app/routes/admin) and its upload API (server/http/desk-api.ts) both use them.

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

/**
 * A desk cookie: HttpOnly (no script reads it), Secure (browsers treat
 * http://localhost as secure, so it works in development too), SameSite=Lax (no
 * cross-site form post carries it), for the whole site (the upload API is under /api).
 */
export function deskCookie(name: string, value: string, expires?: Date): string {
  const when = expires ? `; Expires=${expires.toUTCString()}` : "";
  return `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; Secure; SameSite=Lax${when}`;
}
export const clearedCookie = (name: string) =>
  `${name}=; Path=/; HttpOnly; Secure; SameSite=Lax; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;

/** Whether `given` is `secret`, in the same time for any guess (both sides hashed to one length). */
export function sameSecret(given: string, secret: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * Whether a request's Origin is this site: SITE_URL's origin, or the host the
 * browser addressed (the same site reached by another name, e.g. 127.0.0.1).
 * No Origin at all (an old browser, a script) passes: the CSRF token still has to match.
 */
export function sameSite(
  origin: string | null | undefined,
  host: string | null | undefined,
  config: Pick<Config, "SITE_URL">,
): boolean {
  if (!origin) return true;
  if (origin === new URL(config.SITE_URL).origin) return true;
  try {
    return host !== null && host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

import { withoutForbiddenCharacters } from "../content/forbidden-characters.ts";

/**
 * `value` with every text in it, at any depth, stripped of the characters XML
 * 1.0 cannot carry (and the other ones published text may not hold). The
 * publishing boundary refuses them, but a row stored before it did, or written
 * straight into the database, still reaches the feeds, and one such character
 * makes a whole feed unreadable. Done on the values, before the feed is
 * serialized, not on the XML after: taking "\u0001" out of "]]\u0001>" there
 * would close a CDATA section early.
 */
export function xmlSafe<T>(value: T): T {
  if (typeof value === "string") return withoutForbiddenCharacters(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => xmlSafe(v)) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, xmlSafe(v)])) as T;
  return value;
}

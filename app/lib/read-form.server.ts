import { data } from "react-router";

const URLENCODED = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;
const MULTIPART = /^multipart\/form-data\s*(?:;|$)/i;
const BOUNDARY = /;\s*boundary=(?:"[^"]+"|[^\s;]+)/i;

/** What a refused form's page says (the desk's error boundary shows `formError`). */
const refusal = (status: 400 | 415, formError: string) =>
  data({ formError }, { status, statusText: status === 400 ? "Bad Request" : "Unsupported Media Type" });

/**
 * A page form's fields, from the bodies a browser's form sends: urlencoded, or multipart with its
 * boundary. Anything else is refused before it is parsed, 415 for another type and 400 for a
 * multipart body without a boundary or a body that does not parse; on 4494ae7 such bodies made
 * `request.formData()` throw, an unauthenticated 500 (issue 38). Every page action reads its
 * form through this.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (MULTIPART.test(type) && !BOUNDARY.test(type))
    throw refusal(400, "This form could not be read: its multipart body names no boundary.");
  if (!URLENCODED.test(type) && !MULTIPART.test(type))
    throw refusal(415, "Send this form as a web page does: application/x-www-form-urlencoded or multipart/form-data.");
  try {
    return await request.formData();
  } catch {
    throw refusal(400, "This form could not be read.");
  }
}

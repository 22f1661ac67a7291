import { afterAll, beforeAll } from "vitest";
import { freshDatabase, type Engine, type TestDatabase } from "./databases.ts";
import { startServer, type RunningServer } from "./server.ts";

export const ADMIN_TOKEN_FOR_TESTS = "test-admin-token-0123456789";
export const SITE_FOR_TESTS = "http://proofline.test";

/**
 * A server with the publishing API on a fresh database, for the tests of one
 * describe block, and the calls they make to it with the admin token.
 */
export function adminSite(engine: Engine) {
  const site = { server: undefined as unknown as RunningServer, testDb: undefined as unknown as TestDatabase };
  beforeAll(async () => {
    site.testDb = await freshDatabase(engine);
    site.server = await startServer({
      ...site.testDb.env,
      ADMIN_TOKEN: ADMIN_TOKEN_FOR_TESTS,
      SITE_URL: SITE_FOR_TESTS,
    });
  });
  afterAll(async () => {
    await site.server?.stop();
    await site.testDb?.drop();
  });
  const auth = { Authorization: `Bearer ${ADMIN_TOKEN_FOR_TESTS}` };
  return {
    site,
    auth,
    /** A JSON call with the token; the body parsed as `T` (an error reply as `{error}`). */
    async json<T = Record<string, unknown>>(method: string, p: string, body?: unknown) {
      const res = await fetch(`${site.server.url}${p}`, {
        method,
        headers: { ...auth, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as T) : null };
    },
    /** Uploads `bytes` to a media bucket with the token. */
    async upload(bucket: string, bytes: Buffer, name?: string, headers: Record<string, string> = {}) {
      const res = await fetch(
        `${site.server.url}/api/admin/media/${bucket}${name ? `?name=${encodeURIComponent(name)}` : ""}`,
        {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/octet-stream", ...headers },
          body: new Uint8Array(bytes),
        },
      );
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
  };
}

import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { openDatabase } from "#server/db/client.ts";
import { saveEpisodeDraft, saveRecapDraft } from "#server/desk/drafts.server.ts";
import { BROWSER_TIME_ZONE } from "./browser.ts";
import type { TestDatabase } from "./databases.ts";
import { setUpDeskOwner } from "./desk-client.ts";
import { ROOT } from "./server.ts";

/**
 * Puts content on a running site the ways it gets there for real: published items through
 * the publishing API (Bearer token), comments through the public comment API, drafts and
 * scheduled items straight into the draft tables (what the desk's Save draft / Schedule store).
 */
export function siteContent(baseUrl: string, adminToken: string, testDb: TestDatabase) {
  const auth = { Authorization: `Bearer ${adminToken}` };
  async function call<T>(method: string, p: string, body?: unknown): Promise<T> {
    const res = await fetch(baseUrl + p, {
      method,
      headers: { ...auth, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${p} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  // Drafts are written with the server's own functions on a second connection to its database.
  async function withDb<T>(work: (db: ReturnType<typeof openDatabase>["db"]) => Promise<T>): Promise<T> {
    const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  }

  return {
    /** Uploads one of the repository's sample files; resolves to its stored name. */
    async upload(bucket: "weekly-summary-pics" | "podcast-episodes", sample: string): Promise<string> {
      const bytes = await fs.readFile(path.join(ROOT, "content/media", bucket, sample));
      const res = await fetch(`${baseUrl}/api/admin/media/${bucket}?name=${encodeURIComponent(sample)}`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/octet-stream" },
        body: new Uint8Array(bytes),
      });
      if (res.status >= 300) throw new Error(`upload answered ${res.status}`);
      return ((await res.json()) as { file: string }).file;
    },
    async recap(fields: {
      date: string;
      headline: string;
      content?: string;
      snippets?: string;
      tags?: string[];
      blog_image?: string;
    }): Promise<number> {
      const { recap } = await call<{ recap: { id: number } }>("POST", "/api/admin/recaps", {
        content: `Sample content for ${fields.headline}.`,
        ...fields,
      });
      return recap.id;
    },
    async episode(fields: {
      date: string;
      title: string;
      description?: string;
      weekly_daily?: "daily" | "weekly";
      mp3_file?: string;
      tags?: string[];
    }): Promise<number> {
      const { episode } = await call<{ episode: { id: number } }>("POST", "/api/admin/episodes", {
        description: `Sample content: ${fields.title}.`,
        weekly_daily: "daily",
        ...fields,
      });
      return episode.id;
    },
    /** A visitor's comment on a recap or an episode; hidden by a moderator when asked. */
    async comment(
      on: "recaps" | "episodes",
      id: number,
      author_name: string,
      comment_text: string,
      { hidden = false } = {},
    ): Promise<string> {
      const res = await fetch(`${baseUrl}/api/${on}/${id}/comments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ author_name, comment_text }),
      });
      if (res.status !== 201) throw new Error(`posting a comment answered ${res.status}: ${await res.text()}`);
      const { comment } = (await res.json()) as { comment: { id: string } };
      if (hidden) await call("POST", `/api/admin/comments/${comment.id}/hide`);
      return comment.id;
    },
    /** A staff member who has not set a password yet, and their one-time link's path. */
    async staffMember(name: string, email: string): Promise<string> {
      const { password_link } = await call<{ password_link: string }>("POST", "/api/admin/staff", {
        name,
        email,
        role: "editor",
      });
      return new URL(password_link).pathname;
    },
    recapDraft: (fields: { date: string; headline: string; publish_at?: string }) =>
      withDb(
        async (db) =>
          (await saveRecapDraft(db, undefined, {
            content: `Sample content for ${fields.headline}.`,
            snippets: null,
            tags: [],
            blog_image: null,
            publish_at: null,
            ...fields,
          }))!,
      ),
    episodeDraft: (fields: { date: string; title: string; publish_at?: string }) =>
      withDb(
        async (db) =>
          (await saveEpisodeDraft(db, undefined, {
            description: `Sample content: ${fields.title}.`,
            weekly_daily: "weekly",
            mp3_file: null,
            duration_seconds: null,
            byte_size: null,
            transcript: null,
            chapters: null,
            tags: [],
            publish_at: null,
            ...fields,
          }))!,
      ),
  };
}

/**
 * Makes the desk's first owner through /admin/setup and hands the session to two browser
 * contexts, one running the pages' JavaScript and one without it (the server's HTML alone).
 */
export async function signedInContexts(
  browser: Browser,
  baseUrl: string,
  adminToken: string,
): Promise<{ js: BrowserContext; plain: BrowserContext }> {
  const { client } = await setUpDeskOwner(baseUrl, adminToken, {
    name: "Olivia Owner",
    email: "owner@proofline.test",
    password: "owner-password-123",
  });
  const cookies = [...client.jar].map(([name, value]) => ({
    name,
    value,
    domain: new URL(baseUrl).hostname,
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Lax" as const,
  }));
  const [js, plain] = await Promise.all([
    browserContext(browser, baseUrl, true),
    browserContext(browser, baseUrl, false),
  ]);
  await Promise.all([js.addCookies(cookies), plain.addCookies(cookies)]);
  return { js, plain };
}

/** A context in the test browsers' usual zone and locale; requests anywhere but the test server are blocked. */
export async function browserContext(
  browser: Browser,
  baseUrl: string,
  javaScriptEnabled: boolean,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    javaScriptEnabled,
    timezoneId: BROWSER_TIME_ZONE,
    locale: "en-US",
    viewport: { width: 1280, height: 900 },
  });
  const origin = new URL(baseUrl).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort("blockedbyclient"),
  );
  return context;
}

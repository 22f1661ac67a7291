import fs from "node:fs";
import http from "node:http";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ENGINES } from "../support/databases.ts";
import { type deskClient, setUpDeskOwner } from "../support/desk-client.ts";
import { heldRequest } from "../support/held-request.ts";
import { IOWA_FILE, sharedFile, sharedRow, smallSharedFile } from "../support/iowa-files.ts";
import { serverWithDirectAccess } from "../support/server-for-tests.ts";

// Issue 39: the desk's upload of an Iowa file (POST /api/desk/data/import/:source), through a
// real server on both engines: each status it answers, and what each leaves in the database.

const TOKEN = "desk-data-admin-token-0123456789";
const ADDRESS = "/api/desk/data/import/iowa-liquor-sales";
// Small, so that a file over the limit is quick to send; the default (100 MB) is in docs/configuration.md.
const LIMIT_MB = 1;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * A POST with `body` sent whole (with its Content-Length) or, as chunks, in chunked encoding
 * (no declared length, as a streamed upload may be): the sender sends all of it, and reads the answer.
 */
function send(base: string, path: string, body: Buffer | Buffer[], headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method: "POST", headers });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on("error", reject);
    if (Buffer.isBuffer(body)) req.end(body);
    else {
      for (const chunk of body) req.write(chunk);
      req.end();
    }
  });
}

/** Valid rows past `bytes`: a file the importer would take, were it not too large. */
function largeFile(bytes: number): Buffer {
  const rows: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const row = sharedRow(`20${10 + (i % 10)}-${String((i % 12) + 1).padStart(2, "0")}`, "polk", "vodka", "vodka", i);
    rows.push(row);
    size += row.length + 1;
  }
  return sharedFile(...rows);
}

/** `buffer` in chunks of 64 KB. */
const chunks = (buffer: Buffer) =>
  Array.from({ length: Math.ceil(buffer.length / 65_536) }, (_, i) => buffer.subarray(i * 65_536, (i + 1) * 65_536));

describe.each(ENGINES)("the desk's data import on %s", (engine) => {
  const site = serverWithDirectAccess(engine, {
    ADMIN_TOKEN: TOKEN,
    SEED_DEMO: "false",
    DATA_IMPORT_MB: String(LIMIT_MB),
  });

  /** The desk's owner, signed in once per server: the cookie, and the CSRF token the Data page's form carries. */
  let owner:
    Promise<{ client: ReturnType<typeof deskClient>; csrf: string; cookie: string; origin: string }> | undefined;
  const member = () =>
    (owner ??= (async () => {
      const { client } = await setUpDeskOwner(site.server.url, TOKEN);
      const csrf = await client.tokenOf("/admin/data");
      expect(csrf).toMatch(/^[\w-]{20,}$/);
      const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
      return { client, csrf, cookie, origin: new URL(site.server.url).origin };
    })());
  const counts = async () => {
    const db = site.direct.db;
    const n = async (table: "data_imports" | "data_observations") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((e) => e.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { imports: await n("data_imports"), observations: await n("data_observations") };
  };
  const raw = (m: Awaited<ReturnType<typeof member>>, extra: Record<string, string> = {}) => ({
    Cookie: m.cookie,
    Origin: m.origin,
    "X-CSRF-Token": m.csrf,
    "Content-Type": "application/octet-stream",
    ...extra,
  });

  it("imports a file sent by the page's script (200), says so again for the same bytes, and the page lists it", async () => {
    const m = await member();
    // A site without the demo has imported nothing yet, and its Data page says so.
    expect(await (await m.client.get("/admin/data")).text()).toContain("No file has been imported yet.");
    const file = gzipSync(smallSharedFile("2019-01", "2019-02"));
    const first = await send(site.server.url, `${ADDRESS}?name=sales-2019.csv.gz`, file, raw(m));
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(first.text)).toMatchObject({
      fileName: "sales-2019.csv.gz",
      unchanged: false,
      rowsRead: 4,
      rowsKept: 4,
      rowsRefused: 0,
      firstPeriod: "2019-01",
      lastPeriod: "2019-02",
      periodsAdded: 2,
      periodsReplaced: 0,
    });
    const before = await counts();
    const again = await send(site.server.url, `${ADDRESS}?name=again.csv.gz`, file, raw(m));
    expect(again.status).toBe(200);
    expect(JSON.parse(again.text)).toMatchObject({ unchanged: true, importId: JSON.parse(first.text).importId });
    expect(await counts()).toEqual(before);

    const page = await (await m.client.get("/admin/data")).text();
    expect(page).toContain("sales-2019.csv.gz");
    expect(page).toMatch(/4 read, 4 kept, 0 refused/);
    expect(page).toMatch(/2019-01 to 2019-02: 2 added, 0 replaced/);
  });

  it("refuses without a session (401), without the session's CSRF token or from another site (403), keeping nothing", async () => {
    const m = await member();
    const file = smallSharedFile("2018-05");
    const before = await counts();
    const anonymous = await send(site.server.url, ADDRESS, file, { ...raw(m), Cookie: "" });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text)).toEqual({ error: "Sign in to the desk first" });
    const { "X-CSRF-Token": _, ...withoutToken } = raw(m);
    const noToken = await send(site.server.url, ADDRESS, file, withoutToken);
    expect(noToken.status).toBe(403);
    expect(JSON.parse(noToken.text)).toEqual({ error: "This page has expired. Reload it and try again" });
    const wrongToken = await send(site.server.url, ADDRESS, file, raw(m, { "X-CSRF-Token": "x".repeat(43) }));
    expect(wrongToken.status).toBe(403);
    const elsewhere = await send(site.server.url, ADDRESS, file, raw(m, { Origin: "https://evil.example" }));
    expect(elsewhere.status).toBe(403);
    expect(JSON.parse(elsewhere.text)).toEqual({ error: "Refused: this request came from another site" });
    // The publishing API's Bearer token is not the desk's.
    const bearer = await send(site.server.url, ADDRESS, file, {
      "Content-Type": "text/csv",
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(bearer.status).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it("answers 422 with the importer's sentence for a malformed file, and keeps nothing of it", async () => {
    const m = await member();
    const before = await counts();
    const file = sharedFile(
      sharedRow("2017-03", "polk", "tequila", "100% agave tequila", 1500),
      sharedRow("2017-03", "linn", "vodka", "american vodkas", "1,234"),
    );
    const refused = await send(site.server.url, `${ADDRESS}?name=bad.csv`, file, raw(m));
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.text)).toEqual({ error: 'Line 3, column state_revenue: "1,234" is not a number.' });
    // Gzipped and cut short: refused too, naming the line.
    const cut = gzipSync(smallSharedFile("2017-04", "2017-05"));
    const truncated = await send(site.server.url, ADDRESS, cut.subarray(0, cut.length - 12), raw(m));
    expect(truncated.status).toBe(422);
    expect(JSON.parse(truncated.text).error).toMatch(/^Line \d+: the gzipped file ends early/);
    expect(await counts()).toEqual(before);
  });

  it("answers 400 for an unknown source or a file name with folders, 415 for a body that is not a file", async () => {
    const m = await member();
    const before = await counts();
    const file = smallSharedFile("2016-01");
    const unknown = await send(site.server.url, "/api/desk/data/import/no-such-source", file, raw(m));
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.text)).toEqual({
      error: "Unknown source: use iowa-liquor-sales, ttb-cola, census-hs2208, sec-companyfacts",
    });
    const folders = await send(
      site.server.url,
      `${ADDRESS}?name=${encodeURIComponent("../etc/sales.csv")}`,
      file,
      raw(m),
    );
    expect(folders.status).toBe(400);
    expect(JSON.parse(folders.text).error).toMatch(/^name: must be a plain file name/);
    // JSON is a file type now (the Census's answer); an image is not.
    const image = await send(site.server.url, ADDRESS, Buffer.from("\x89PNG"), raw(m, { "Content-Type": "image/png" }));
    expect(image.status).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it("answers 413 past DATA_IMPORT_MB, declared or not, keeping nothing; a burst of them lets a good file through once", async () => {
    const m = await member();
    const before = await counts();
    const large = largeFile(LIMIT_MB * 1024 * 1024 + 200_000);
    const declared = await send(site.server.url, ADDRESS, large, raw(m));
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text)).toEqual({
      error: `The file is larger than ${LIMIT_MB} MB, the most an import may be; nothing was imported.`,
    });
    const undeclared = await send(site.server.url, ADDRESS, chunks(large), raw(m));
    expect(undeclared.status).toBe(413);
    expect(await counts()).toEqual(before);

    // Twice as many as the limit would need to notice, at once, with a good file in the middle.
    const good = smallSharedFile("2015-07");
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        send(site.server.url, ADDRESS, i === 4 ? good : chunks(large), raw(m)).then((a) => a.status),
      ),
    );
    expect(answers).toEqual([413, 413, 413, 413, 200, 413, 413, 413, 413]);
    const after = await counts();
    expect(after.imports).toBe(before.imports + 1);
    // The good file's figures alone: all spirits, two families, two categories, two counties, two measures each.
    expect(after.observations - before.observations).toBe(14);
    // The server is still there, and took every refused body to its end (the senders all got their answers).
    expect((await fetch(`${site.server.url}/healthz`)).status).toBe(200);
  });

  // That the import itself ends (rather than waiting for bytes that never come) is in server/http/data-import.test.ts.
  it("keeps nothing of an upload its sender cuts off, and goes on answering", async () => {
    const m = await member();
    const before = await counts();
    const file = smallSharedFile("2011-01", "2011-02");
    // The headers and half the file, announcing all of it; then the sender hangs up.
    const cut = heldRequest(
      site.server.url,
      ADDRESS,
      file.length,
      { Cookie: m.cookie, Origin: m.origin, "X-CSRF-Token": m.csrf, "Content-Type": "text/csv" },
      0,
    );
    await new Promise((resolve) => cut.socket.once("connect", resolve));
    cut.socket.write(file.subarray(0, file.length / 2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    cut.socket.destroy();
    await cut.closed;
    // The next import goes through at once, and the cut one left nothing.
    const next = await send(site.server.url, ADDRESS, smallSharedFile("2011-03"), raw(m));
    expect(next.status).toBe(200);
    const after = await counts();
    expect(after.imports).toBe(before.imports + 1);
    expect(JSON.parse(next.text)).toMatchObject({ firstPeriod: "2011-03", periodsAdded: 1 });
    expect(site.server.stderr()).not.toMatch(/Unhandled|uncaught/i);
  });

  it("takes the page's form sent without JavaScript (multipart): back to the page with the outcome, shown once", async () => {
    const m = await member();
    const before = await counts();
    const form = (file: Buffer, name: string, csrf = m.csrf) => {
      const body = new FormData();
      body.append("csrf", csrf);
      body.append("file", new Blob([new Uint8Array(file)]), name);
      return body;
    };
    const post = (body: FormData) =>
      fetch(site.server.url + ADDRESS, {
        method: "POST",
        body,
        headers: { Cookie: m.cookie, Origin: m.origin },
        redirect: "manual",
      });
    const cookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("proofline_desk_import="))!;
    const page = async (note: string) =>
      (
        await fetch(`${site.server.url}/admin/data`, { headers: { Cookie: `${m.cookie}; ${note.split(";")[0]}` } })
      ).text();

    const imported = await post(form(smallSharedFile("2014-02", "2014-03", "2014-04"), "plain-2014.csv"));
    expect(imported.status).toBe(303);
    expect(imported.headers.get("location")).toBe("/admin/data");
    const shown = await page(cookieOf(imported));
    expect(shown).toContain("Imported plain-2014.csv: 6 rows kept, 0 refused, 3 months added.");
    expect((await counts()).imports).toBe(before.imports + 1);

    const bad = sharedFile(
      sharedRow("2013-01", "polk", "tequila", "100% agave tequila", 10),
      sharedRow("2013-01", "linn", "vodka", "american vodkas", "1,234"),
    );
    const refused = await post(form(bad, "bad.csv"));
    expect(refused.status).toBe(303);
    const refusal = await page(cookieOf(refused));
    expect(refusal).toContain(
      "bad.csv was not imported. Line 3, column state_revenue: &quot;1,234&quot; is not a number.",
    );
    // Shown once: the page clears it.
    const reread = await fetch(`${site.server.url}/admin/data`, {
      headers: { Cookie: `${m.cookie}; ${cookieOf(refused).split(";")[0]}` },
    });
    expect(
      reread.headers.getSetCookie().some((c) => /^proofline_desk_import=;.*Expires=Thu, 01 Jan 1970/.test(c)),
    ).toBe(true);

    // A form without the session's token is refused with its status, the file unread.
    const forged = await post(form(smallSharedFile("2012-01"), "forged.csv", "x".repeat(43)));
    expect(forged.status).toBe(403);
    expect((await counts()).imports).toBe(before.imports + 1);
  });

  it("applies the same limit to the publishing API's import (one path for both)", async () => {
    const large = largeFile(LIMIT_MB * 1024 * 1024 + 100_000);
    const res = await send(site.server.url, "/api/admin/data/import/iowa-liquor-sales?name=big.csv", chunks(large), {
      Authorization: `Bearer ${TOKEN}`,
      "Content-Type": "text/csv",
    });
    expect(res.status).toBe(413);
  });
});

describe("the desk's data import of the real file, at the default limit", () => {
  const site = serverWithDirectAccess("sqlite", { ADMIN_TOKEN: TOKEN, SEED_DEMO: "false" });

  it(
    "takes the whole Iowa file as plain CSV (23 MB), streamed, within DATA_IMPORT_MB's default",
    { timeout: 180_000 },
    async () => {
      const { client } = await setUpDeskOwner(site.server.url, TOKEN);
      const csrf = await client.tokenOf("/admin/data");
      const plain = gunzipSync(fs.readFileSync(IOWA_FILE));
      expect(plain.length).toBeGreaterThan(20 * 1024 * 1024);
      const res = await send(site.server.url, `${ADDRESS}?name=liquor_sales.csv`, chunks(plain), {
        Cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        Origin: new URL(site.server.url).origin,
        "X-CSRF-Token": csrf,
        "Content-Type": "text/csv",
      });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toMatchObject({
        fileName: "liquor_sales.csv",
        unchanged: false,
        rowsRead: 280_736,
        rowsKept: 280_734,
        rowsRefused: 2,
        firstPeriod: "2015-01",
        lastPeriod: "2020-10",
        periodsAdded: 70,
        periodsReplaced: 0,
      });
      const page = await (await client.get("/admin/data")).text();
      expect(page).toMatch(/280,736 read, 280,734 kept, 2 refused/);
    },
  );
});

import net from "node:net";
import { describe, expect, it } from "vitest";
import { serverForTests } from "../support/server-for-tests.ts";

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Sends `request` as it is over a new connection and reads the whole answer (the request asks to close). */
function raw(base: string, request: string): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const end = text.indexOf("\r\n\r\n");
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        headers: text.slice(0, end),
        body: text.slice(end + 4),
      });
    });
  });
}

/** A POST with the given Content-Type and body, sent from the site's own page (its Origin). */
function post(base: string, path: string, type: string | undefined, body: string): Promise<RawAnswer> {
  const host = new URL(base).host;
  return raw(
    base,
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nConnection: close\r\n` +
      `${type ? `Content-Type: ${type}\r\n` : ""}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

// Every page form a visitor can post without signing in (the desk's own forms read theirs the same way).
const FORMS = [
  "/admin/sign-in",
  "/admin/setup",
  "/admin/password/some-link-token",
  "/newsletter",
  "/chat/shared/abc/remove",
];

describe("odd requests get a short refusal, never a 500", () => {
  const site = serverForTests({ ADMIN_TOKEN: "odd-requests-admin-token-0123456789" });

  it("refuses a multipart form without a boundary with 400 on every form (a 500 on 4494ae7)", async () => {
    for (const path of FORMS) {
      const answer = await post(site.server.url, path, "multipart/form-data", "email=a%40b.c&password=x");
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toContain("names no boundary");
    }
  });

  it("refuses a broken multipart body with 400 and any other type of body with 415", async () => {
    for (const path of FORMS) {
      const broken = await post(site.server.url, path, "multipart/form-data; boundary=x", "--y\r\nnot a part");
      expect(broken.status, path).toBe(400);
      expect(broken.body, path).toContain("could not be read");
      for (const type of ["application/json", "text/plain", undefined]) {
        const other = await post(site.server.url, path, type, '{"email":"a@b.c"}');
        expect(other.status, `${path} ${type}`).toBe(415);
        expect(other.body, `${path} ${type}`).toContain("Send this form as a web page does");
      }
    }
  });

  it("answers OPTIONS * with 405 and a short JSON message, and any other odd target with 400", async () => {
    const host = new URL(site.server.url).host;
    const options = await raw(site.server.url, `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(options.status).toBe(405);
    expect(options.headers).toMatch(/^allow: GET, HEAD, POST$/im);
    expect(JSON.parse(options.body)).toEqual({ error: "OPTIONS * is not supported: ask about a path" });
    // Node's parser refuses some targets itself (400, no body); the rest get the app's words.
    for (const target of ["*", "recap", "proofline.test:80"]) {
      const odd = await raw(site.server.url, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(odd.status, target).toBe(400);
      if (odd.body) expect(JSON.parse(odd.body), target).toEqual({ error: "Bad request target" });
    }
  });

  it("serves an absolute-form request target as its path (a 500 on 4494ae7, a 404 since)", async () => {
    const host = new URL(site.server.url).host;
    const get = (target: string) =>
      raw(site.server.url, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    const asPath = await get("/recap?q=tequila");
    expect(asPath.status).toBe(200);
    for (const target of [`http://${host}/recap?q=tequila`, "http://proofline.test/recap?q=tequila"]) {
      const absolute = await get(target);
      expect(absolute.status, target).toBe(200);
      expect(absolute.body, target).toBe(asPath.body);
    }
    const home = await get(`http://${host}`);
    expect(home.status).toBe(200);
    expect(home.body).toContain("<title>Proofline Industry Intelligence Hub</title>");
  });
});

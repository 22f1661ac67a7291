import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { runHubCli } from "../support/hub-cli.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { testToday } from "../support/clock.ts";

const TOKEN = "newsletter-admin-token-0123456789";
const SITE = "http://proofline.test";
const today = testToday;
const until = async (check: () => boolean, ms = 10_000) => {
  for (const giveUp = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 25)))
    if (Date.now() > giveUp) throw new Error("gave up waiting");
};

const recipient = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0]!.address!;
const headerLine = (m: ParsedMail, key: string) =>
  m.headerLines
    .find((l) => l.key === key)
    ?.line.replace(/^[^:]+:\s*/, "")
    .replace(/\s+/g, " ");
/** A link of the site in a mail's text part, made relative to the server under test. */
const linkIn = (m: ParsedMail, pattern: RegExp) => {
  const found = m.text!.match(pattern)?.[0];
  if (!found) throw new Error(`no link like ${pattern} in:\n${m.text}`);
  return found.replace(SITE, "");
};

describe.each(ENGINES)("the weekly recap by email on %s", (engine) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let sink: SmtpSink;
  let nextClient = 1;
  let greylistTries = 0;
  /** Each test is its own visitor (TRUST_PROXY=1 and its own X-Forwarded-For), so limits do not cross tests. */
  const visitor = () => `198.51.100.${nextClient++}`;

  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const mailsTo = (address: string) => sink.messages.filter((m) => recipient(m) === address);
  const waitForMail = async (address: string, count: number, ms = 10_000) => {
    for (const giveUp = Date.now() + ms; mailsTo(address).length < count; await new Promise((r) => setTimeout(r, 25))) {
      if (Date.now() > giveUp) throw new Error(`expected ${count} mails to ${address}, got ${mailsTo(address).length}`);
    }
    return mailsTo(address);
  };
  /** Subscribes and confirms through the public pages, as a reader without JavaScript would. */
  const subscribed = async (address: string) => {
    const res = await post("/newsletter", { email: address, source: "home" }, { "X-Forwarded-For": visitor() });
    expect(res.status).toBe(200);
    const [confirmation] = await waitForMail(address, 1);
    // The page's button, as a browser without JavaScript sends it.
    const confirmed = await post(linkIn(confirmation!, /http:\/\/proofline\.test\/newsletter\/confirm\/\S+/), {});
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("You&#x27;re subscribed");
  };
  const publish = (headline: string, date = today()) =>
    admin("POST", "/api/admin/recaps", { date, headline, content: `Text of ${headline}, with [a link](/recap).` });
  /** Waits until a published recap's send has its readers (expanded into deliveries). */
  const expanded = async (published: { body: Record<string, unknown> }) => {
    const id = (published.body.recap as { id: number }).id;
    for (const giveUp = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 25))) {
      const { status, body } = await admin("GET", `/api/admin/newsletter/${id}`);
      if (status === 200 && (body.progress as { recipients: number | null }).recipients !== null) return;
      if (Date.now() > giveUp) throw new Error(`recap ${id}'s send was not expanded`);
    }
  };

  beforeAll(async () => {
    sink = await startSmtpSink({
      refuse: (a) => {
        if (a === "nobody@bounce.test") return { code: 550, message: "5.1.1 No such user" };
        // Greylisting: the first try is refused for now.
        if (a === "later@greylist.test" && greylistTries++ === 0)
          return { code: 451, message: "4.7.1 Try again later" };
        return undefined;
      },
    });
    testDb = await freshDatabase(engine);
    server = await startServer({
      ...testDb.env,
      ADMIN_TOKEN: TOKEN,
      SITE_URL: SITE,
      SMTP_URL: sink.url,
      MAIL_FROM: "Proofline Recap <recap@proofline.test>",
      SMTP_RATE_PER_SECOND: "200",
      SCHEDULE_POLL_SECONDS: "0.2",
      SUBSCRIBE_RATE_PER_HOUR: "3",
      TRUST_PROXY: "1",
      NEWSLETTER_RETRY_SECONDS: "0.2",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
    await sink?.stop();
  });

  it("subscribes without JavaScript, confirms by a one-time link, and mails the next recap published", async () => {
    const page = await fetch(`${server.url}/`);
    const home = await page.text();
    expect(home).toContain('action="/newsletter"');
    expect(home).toContain("The Weekly Recap by email");

    const res = await post(
      "/newsletter",
      { email: "  Reader@Example.com ", source: "home" },
      { "X-Forwarded-For": visitor() },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const answer = await res.text();
    expect(answer).toContain("Check your inbox");
    expect(answer).not.toContain("reader@example.com");

    const [confirmation] = await waitForMail("reader@example.com", 1);
    expect(confirmation!.subject).toBe("Confirm your subscription to the Proofline Weekly Recap");
    const link = linkIn(confirmation!, /http:\/\/proofline\.test\/newsletter\/confirm\/\S+/);
    // Nothing is sent to an address before it is confirmed.
    await publish("Before confirming");
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo("reader@example.com")).toHaveLength(1);

    // Opening the link (a link scanner, a mail preview: GET and HEAD) only shows the button; on 3f297b8 it confirmed.
    expect((await fetch(`${server.url}${link}`, { method: "HEAD" })).status).toBe(200);
    const opened = await fetch(`${server.url}${link}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("no-store");
    expect(opened.headers.get("referrer-policy")).toBe("same-origin");
    const openedPage = await opened.text();
    expect(openedPage).toContain("Confirm your subscription");
    expect(openedPage).toContain("Confirm my subscription");
    await publish("Opened, not confirmed");
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo("reader@example.com")).toHaveLength(1);

    const confirmed = await post(link, {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get("cache-control")).toBe("no-store");
    expect(await confirmed.text()).toContain("You&#x27;re subscribed");
    // The same link again (a second click, a mail client's preview): the reader is told they are subscribed, not that it expired.
    for (const again of [await fetch(`${server.url}${link}`), await post(link, {})]) {
      expect(again.status).toBe(200);
      expect(await again.text()).toContain("You&#x27;re already subscribed");
    }
    // A link nobody was sent still expires.
    const unknown = await fetch(`${server.url}/newsletter/confirm/${"x".repeat(32)}`);
    expect(unknown.status).toBe(410);
    expect(await unknown.text()).toContain("This link has expired");

    const { body } = await publish("Tariffs, depletions and the holiday reset");
    const recapId = (body.recap as { id: number }).id;
    const [, recap] = await waitForMail("reader@example.com", 2);
    expect(recap!.subject).toBe("Tariffs, depletions and the holiday reset");
    expect(recap!.text).toContain(`Read on the site: ${SITE}/recap/${recapId}`);
    expect(recap!.html).toContain(`href="${SITE}/recap"`);
    // Tracking is off unless the operator turns it on: no image, no redirected links.
    expect(recap!.html).not.toMatch(/\/newsletter\/[oc]\//);
    expect(headerLine(recap!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(headerLine(recap!, "list-unsubscribe")).toMatch(
      /^<http:\/\/proofline\.test\/newsletter\/unsubscribe\/[\w-]+>$/,
    );
    // The first recap (published before the confirmation) was queued with nobody confirmed: it never comes.
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo("reader@example.com").map((m) => m.subject)).not.toContain("Before confirming");
  });

  it("unsubscribes in one click (RFC 8058 POST) and sends nothing more", async () => {
    await subscribed("leaving@example.com");
    await publish("Week one");
    const [, first] = await waitForMail("leaving@example.com", 2);
    const oneClick = headerLine(first!, "list-unsubscribe")!.slice(1, -1).replace(SITE, "");
    // A mailbox provider's POST: no cookies, the RFC's body, and its own Origin, `null` or none (refused with 400 on 3f297b8).
    for (const origin of ["https://mail.google.com", "null"]) {
      const res = await post(oneClick, { "List-Unsubscribe": "One-Click" }, { Origin: origin });
      expect(res.status, origin).toBe(200);
    }
    const res = await post(oneClick, { "List-Unsubscribe": "One-Click" });
    expect(res.status).toBe(200);
    // Week two's readers are counted before anyone new confirms: a reader who confirms while a recap is
    // still waiting to be counted gets it too, which is right, but not what this test is about.
    await expanded(await publish("Week two"));
    await subscribed("staying@example.com");
    await publish("Week three");
    await waitForMail("staying@example.com", 2);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo("leaving@example.com").map((m) => m.subject)).toEqual([
      "Confirm your subscription to the Proofline Weekly Recap",
      "Week one",
    ]);

    // The visible link opens a page whose button does the same, and then offers to undo it.
    const visible = linkIn(first!, /http:\/\/proofline\.test\/newsletter\/unsubscribe\/\S+/);
    const page = await fetch(`${server.url}${visible}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("You&#x27;re unsubscribed");
    expect(html).toContain("Subscribe again");

    // A link scanner opening the visible link (GET, HEAD) unsubscribes nobody; on 3f297b8 it did.
    const staying = linkIn(
      (await waitForMail("staying@example.com", 2))[1]!,
      /http:\/\/proofline\.test\/newsletter\/unsubscribe\/\S+/,
    );
    expect((await fetch(`${server.url}${staying}`, { method: "HEAD" })).status).toBe(200);
    const scanned = await fetch(`${server.url}${staying}`);
    expect(scanned.status).toBe(200);
    const offer = await scanned.text();
    expect(offer).toContain("Unsubscribe from the Weekly Recap?");
    expect(offer).not.toContain("You&#x27;re unsubscribed");
    await publish("Week three and a half");
    expect((await waitForMail("staying@example.com", 3)).at(-1)!.subject).toBe("Week three and a half");
    // The page's button, as a browser sends it (a document navigation): answered with the page, not the one-click text.
    const pressed = await post(staying, {}, { "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain("You&#x27;re unsubscribed");
    const undo = await post(staying.replace("/unsubscribe/", "/resubscribe/"), {});
    expect(await undo.text()).toContain("Welcome back");
    const back = await post(visible.replace("/unsubscribe/", "/resubscribe/"), {});
    expect(await back.text()).toContain("Welcome back");
    await publish("Week four");
    expect((await waitForMail("leaving@example.com", 3)).at(-1)!.subject).toBe("Week four");

    const unknown = await fetch(`${server.url}/newsletter/unsubscribe/not-a-key`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Nothing to unsubscribe");
  });

  it("refuses bad addresses, ignores what fills the honeypot, and limits requests per client and confirmations per address", async () => {
    const bad = await post("/newsletter", { email: "not an address" }, { "X-Forwarded-For": visitor() });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter a valid email address, like name@company.com.");

    const robot = await post(
      "/newsletter",
      { email: "robot@example.com", website: "http://spam.example" },
      { "X-Forwarded-For": visitor() },
    );
    expect(robot.status).toBe(200);
    expect(await robot.text()).toContain("Check your inbox");

    const client = visitor();
    for (let i = 0; i < 3; i++)
      expect((await post("/newsletter", { email: `many${i}@example.com` }, { "X-Forwarded-For": client })).status).toBe(
        200,
      );
    const limited = await post("/newsletter", { email: "many3@example.com" }, { "X-Forwarded-For": client });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Too many sign-ups from your network. Please try again in");

    // One address, asked for from many places: three confirmation mails a day at most.
    // Each mail is let out before the next request (asking again while one waits in the queue renews it rather than adding one).
    for (let i = 0; i < 5; i++) {
      expect(
        (await post("/newsletter", { email: "flooded@example.com" }, { "X-Forwarded-For": visitor() })).status,
      ).toBe(200);
      if (i < 3) await waitForMail("flooded@example.com", i + 1);
    }
    await waitForMail("many2@example.com", 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo("flooded@example.com")).toHaveLength(3);
    expect(mailsTo("robot@example.com")).toHaveLength(0);
    expect(mailsTo("many3@example.com")).toHaveLength(0);

    // The mail server's refusal comes after the answer, which is the same as for any address: the queue records it.
    const refused = await post("/newsletter", { email: "nobody@bounce.test" }, { "X-Forwarded-For": visitor() });
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain("Check your inbox");
    await until(() => server.logs.some((l) => typeof l === "object" && l.msg === "confirmation mail refused for good"));
    // A refusal for now (4xx) is tried again from the queue, and the mail arrives.
    const later = await post("/newsletter", { email: "later@greylist.test" }, { "X-Forwarded-For": visitor() });
    expect(later.status).toBe(200);
    await waitForMail("later@greylist.test", 1);
    expect(greylistTries).toBe(2);

    const foreign = await post(
      "/newsletter",
      { email: "victim@example.com" },
      { "X-Forwarded-For": visitor(), Origin: "https://elsewhere.example" },
    );
    // React Router refuses an action posted from another origin.
    expect(foreign.status).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo("victim@example.com")).toHaveLength(0);
  });

  it("sends by hand once per recap, a test to one address, and backdated recaps only by hand", async () => {
    const old = await publish("From the archive", "2020-01-03");
    const oldId = (old.body.recap as { id: number }).id;
    expect((await admin("GET", `/api/admin/newsletter/${oldId}`)).status).toBe(404);

    const cli = (args: string[]) => runHubCli(server.url, args, { ADMIN_TOKEN: TOKEN });
    const test = await cli(["newsletter", "test", String(oldId), "editor@example.com"]);
    expect(test.stdout).toContain("Sent a test of recap");
    const [testMail] = await waitForMail("editor@example.com", 1);
    expect(testMail!.subject).toBe("[Test] From the archive");

    const sent = await cli(["newsletter", "send", String(oldId)]);
    expect(sent.code).toBe(0);
    expect(sent.stdout).toContain(`Recap ${oldId} is queued`);
    await waitForMail("staying@example.com", 3);
    const twice = await cli(["newsletter", "send", String(oldId)]);
    expect(twice.code).not.toBe(0);
    expect(twice.stderr).toContain("was sent already");
    const status = await cli(["newsletter", "status", String(oldId)]);
    expect(status.stdout).toMatch(/sent \d+, waiting 0/);
    expect((await admin("POST", "/api/admin/newsletter/send", { recap_id: 999999 })).status).toBe(404);
  });

  it("exports and deletes a subscriber on request, and never writes an address to the log", async () => {
    const cli = (args: string[]) => runHubCli(server.url, args, { ADMIN_TOKEN: TOKEN });
    const exported = await cli(["subscriber", "export", "staying@example.com"]);
    expect(exported.code).toBe(0);
    const record = JSON.parse(exported.stdout) as {
      email: string;
      status: string;
      source: string;
      confirmed_at: string;
      deliveries: unknown[];
    };
    expect(record).toMatchObject({ email: "staying@example.com", status: "confirmed", source: "home" });
    expect(record.confirmed_at).toBeTruthy();
    expect(record.deliveries.length).toBeGreaterThan(0);

    expect((await cli(["subscriber", "delete", "staying@example.com"])).stdout).toContain(
      "Deleted staying@example.com",
    );
    expect((await admin("POST", "/api/admin/subscribers/export", { email: "staying@example.com" })).status).toBe(404);
    expect((await admin("POST", "/api/admin/subscribers/delete", { email: "staying@example.com" })).status).toBe(404);
    expect((await admin("GET", "/api/admin/subscribers")).body.counts).toMatchObject({ confirmed: expect.any(Number) });

    const logged = server.logs.map((l) => JSON.stringify(l)).join("\n");
    expect(logged).not.toMatch(/@example\.com|@bounce\.test/);
    expect(logged).not.toMatch(/newsletter\/(confirm|unsubscribe|resubscribe)\/(?!\[secret\])/);
  });
});

describe("the subscribe form without mail set up", () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    testDb = await freshDatabase("sqlite");
    server = await startServer({ ...testDb.env, SITE_URL: SITE });
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop();
  });

  it("says subscriptions are not open yet, on the pages and to a form sent anyway", async () => {
    for (const path of ["/", "/recap", "/newsletter"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html).toContain("Email subscriptions are not open yet.");
      expect(html).not.toContain('action="/newsletter"');
    }
    const res = await fetch(`${server.url}/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=someone%40example.com",
    });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("Email subscriptions are not open yet.");
  });
});

describe("the subscribe form when the mail server is slow or down", () => {
  it("answers before the confirmation mail is sent, the same for a new address and a subscribed one", async () => {
    // The mail server holds every message at RCPT until released: an answer that waited for it would never come.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sink = await startSmtpSink({ holdRcpt: () => held });
    const testDb = await freshDatabase("sqlite");
    const server = await startServer({
      ...testDb.env,
      SITE_URL: SITE,
      SMTP_URL: sink.url,
      MAIL_FROM: "Proofline <recap@proofline.test>",
      SEED_DEMO: "false",
      TRUST_PROXY: "1",
    });
    const subscribe = (email: string, client: string) =>
      fetch(`${server.url}/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client },
        body: new URLSearchParams({ email }),
      });
    const answered = (res: Promise<Response>) =>
      Promise.race([
        res.then(async (r) => ({ status: r.status, text: await r.text() })),
        new Promise<undefined>((r) => setTimeout(() => r(undefined), 5000)),
      ]);
    try {
      const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
      try {
        // A subscribed address, as the list has it.
        await database.db
          .insertInto("newsletter_subscribers")
          .values({
            email: "known@example.com",
            status: "confirmed",
            source: "home",
            requested_at: new Date().toISOString(),
            confirmed_at: new Date().toISOString(),
            unsubscribe_key: "known-key",
          })
          .execute();
      } finally {
        await database.close();
      }
      for (const [email, client] of [
        ["new@example.com", "203.0.113.1"],
        ["known@example.com", "203.0.113.2"],
      ] as const) {
        const answer = await answered(subscribe(email, client));
        expect(answer, email).toMatchObject({ status: 200 });
        expect(answer!.text).toContain("Check your inbox");
      }
      expect(sink.messages).toHaveLength(0);
      release();
      await sink.waitFor(1);
      expect(sink.messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0]!.address)).toEqual([
        "new@example.com",
      ]);
    } finally {
      release();
      await server.stop();
      await testDb.drop();
      await sink.stop();
    }
  });

  it("still answers 'check your inbox' with the mail server down, and keeps the mail in the queue", async () => {
    const testDb = await freshDatabase("sqlite");
    // Port 9 (discard) on 127.0.0.1 has no SMTP server: the connection is refused.
    const server = await startServer({
      ...testDb.env,
      SITE_URL: SITE,
      SMTP_URL: "smtp://127.0.0.1:9",
      MAIL_FROM: "Proofline <recap@proofline.test>",
      SEED_DEMO: "false",
      NEWSLETTER_RETRY_SECONDS: "60",
    });
    try {
      const res = await fetch(`${server.url}/newsletter`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "email=someone%40example.com",
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Check your inbox");
      await until(() => server.logs.some((l) => typeof l === "object" && l.msg === "confirmation mail failed for now"));
      const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
      try {
        expect(
          await database.db.selectFrom("newsletter_confirmations").select(["status", "attempts"]).execute(),
        ).toEqual([{ status: "queued", attempts: 1 }]);
      } finally {
        await database.close();
      }
    } finally {
      await server.stop();
      await testDb.drop();
    }
  });
});

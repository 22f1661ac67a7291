import { Readable } from "node:stream";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { COMPANIES } from "#server/content/companies.server.ts";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { testToday } from "../support/clock.ts";
import { sharedFile, sharedRow } from "../support/iowa-files.ts";
import { importIowaFile } from "#server/market/iowa-import.ts";

const TOKEN = "follow-admin-token-0123456789abcdef";
const SITE = "http://proofline.test";
const diageo = COMPANIES.find((c) => c.name.startsWith("Diageo"))!;
const sazerac = COMPANIES.find((c) => c.name.startsWith("Sazerac"))!;

const recipient = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0]!.address!;
const headerLine = (m: ParsedMail, key: string) =>
  m.headerLines
    .find((l) => l.key === key)
    ?.line.replace(/^[^:]+:\s*/, "")
    .replace(/\s+/g, " ");
const linkIn = (m: ParsedMail, pattern: RegExp) => {
  const found = m.text!.match(pattern)?.[0];
  if (!found) throw new Error(`no link like ${pattern} in:\n${m.text}`);
  return found.replace(SITE, "");
};
const plain = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");

describe.each(ENGINES)("following a company, a brand, a topic or a market family on %s", (engine) => {
  let testDb: TestDatabase;
  let database: Database;
  let server: RunningServer;
  let sink: SmtpSink;
  let nextClient = 1;
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
  const waitForMail = async (address: string, count: number, ms = 15_000) => {
    for (const giveUp = Date.now() + ms; mailsTo(address).length < count; await new Promise((r) => setTimeout(r, 25)))
      if (Date.now() > giveUp) throw new Error(`expected ${count} mails to ${address}, got ${mailsTo(address).length}`);
    return mailsTo(address);
  };
  const follow = (email: string, kind: string, item: string, client = visitor()) =>
    post("/follow", { email, kind, item, source: "profile" }, { "X-Forwarded-For": client });
  /** Follows and confirms through the public pages, as a reader without JavaScript would. */
  const following = async (email: string, kind: string, item: string) => {
    expect((await follow(email, kind, item)).status).toBe(200);
    const [confirmation] = await waitForMail(email, 1);
    expect(confirmation!.subject).toBe("Confirm your address to follow on Proofline");
    const link = linkIn(confirmation!, /http:\/\/proofline\.test\/newsletter\/confirm\/\S+/);
    const opened = plain(await (await fetch(`${server.url}${link}`)).text());
    expect(opened).toContain("Confirm and follow");
    const confirmed = await post(link, {});
    expect(confirmed.status).toBe(200);
    expect(plain(await confirmed.text())).toContain("You're following");
  };
  const runDigest = async () => {
    const sent = await admin("POST", "/api/admin/digest/send");
    expect(sent.status).toBe(202);
    const runId = (sent.body.run as { id: number }).id;
    for (const giveUp = Date.now() + 20_000; ; await new Promise((r) => setTimeout(r, 50))) {
      const { body } = await admin("GET", `/api/admin/digest/${runId}`);
      const counts = body.counts as Record<string, number>;
      const run = body.run as { recipients: number | null };
      if (run.recipients !== null && counts.queued === 0 && counts.sending === 0) return { run, counts };
      if (Date.now() > giveUp) throw new Error(`digest run ${runId} did not finish: ${JSON.stringify(body)}`);
    }
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    testDb = await freshDatabase(engine);
    server = await startServer({
      ...testDb.env,
      ADMIN_TOKEN: TOKEN,
      SITE_URL: SITE,
      SMTP_URL: sink.url,
      MAIL_FROM: "Proofline <recap@proofline.test>",
      SMTP_RATE_PER_SECOND: "500",
      SCHEDULE_POLL_SECONDS: "0.2",
      FOLLOW_RATE_PER_HOUR: "3",
      TRUST_PROXY: "1",
      // The weekly schedule stays out of the way: these tests send by hand.
      DIGEST_AUTO_SEND: "false",
    });
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  });
  afterAll(async () => {
    await database?.close();
    await server?.stop();
    await testDb?.drop();
    await sink?.stop();
  });

  it("shows the follow form without JavaScript, and refuses an unknown item, storing nothing", async () => {
    const page = await fetch(`${server.url}/follow?kind=company&item=${diageo.id}`);
    expect(page.status).toBe(200);
    const html = plain(await page.text());
    expect(html).toContain(`Follow ${diageo.name}`);
    expect(html).toContain('action="/follow"');
    expect(html).toContain(`/feeds/follow/company/${diageo.id}.xml`);
    expect((await fetch(`${server.url}/follow?kind=company&item=99999`)).status).toBe(404);
    // The forms where readers find them: a profile, and a company's search result.
    const profile = plain(await (await fetch(`${server.url}/explorer?company=${diageo.id}`)).text());
    expect(profile).toContain("Follow this company");
    expect(profile).toContain(`name="item" value="${diageo.id}"`);
    const search = plain(await (await fetch(`${server.url}/search?q=Diageo`)).text());
    expect(search).toContain(`/follow?kind=company&amp;item=${diageo.id}`);

    for (const [kind, item] of [
      ["company", "99999"],
      ["topic", "no-such-topic"],
      ["brand", "no-such-brand"],
      ["person", "1"],
    ]) {
      const res = await follow("stranger@example.com", kind!, item!);
      expect(res.status, `${kind}:${item}`).toBe(404);
      expect(plain(await res.text())).toContain("There is nothing to follow by that name.");
    }
    const stored = await database.db
      .selectFrom("newsletter_subscribers")
      .select("id")
      .where("email", "=", "stranger@example.com")
      .execute();
    expect(stored).toEqual([]);
  });

  it("answers a new address and a known one with the same page, and mails only the new one", async () => {
    await following("known@example.com", "company", String(diageo.id));
    const answers = [];
    for (const email of ["fresh@example.com", "known@example.com"]) {
      const res = await follow(email, "company", String(sazerac.id));
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      answers.push(plain(await res.text()).replace(/<script[\s\S]*?<\/script>/g, ""));
    }
    expect(answers[0]).toBe(answers[1]);
    expect(answers[0]).toContain("Check your inbox.");
    expect(answers[0]).not.toContain("fresh@example.com");
    await waitForMail("fresh@example.com", 1);
    await new Promise((r) => setTimeout(r, 500));
    // The confirmed address needed no second confirmation: one mail in all, the first one.
    expect(mailsTo("known@example.com")).toHaveLength(1);
  });

  it("sends each reader's digest of what is new, grouped by item, with links to the section and the second; none when nothing is new", async () => {
    await following("reader@example.com", "company", String(diageo.id));
    expect((await follow("reader@example.com", "topic", "tequila")).status).toBe(200);
    await following(
      "quiet@example.com",
      "company",
      String(COMPANIES.find((c) => c.name.startsWith("Constellation"))!.id),
    );
    const recap = await admin("POST", "/api/admin/recaps", {
      date: testToday(),
      headline: "Outlooks cut",
      content: "## Spirits\n\nDiageo cut its outlook as agave prices fell.\n\n## Beer\n\nNothing about them.",
      tags: ["Tequila"],
    });
    expect(recap.status).toBe(201);
    const recapId = (recap.body.recap as { id: number }).id;
    const { run, counts } = await runDigest();
    // Those who confirmed: known, reader, quiet (fresh never used its link).
    expect(run.recipients).toBe(3);
    expect(counts).toMatchObject({ sent: 2, skipped: 1, failed: 0 });
    const [digest] = (await waitForMail("reader@example.com", 2)).slice(1);
    expect(digest!.subject).toContain(diageo.name);
    expect(digest!.text).toContain("> Diageo cut its outlook as agave prices fell.");
    expect(digest!.text).toContain(`${SITE}/recap/${recapId}#spirits`);
    // The tagged recap's paragraph was quoted under Diageo already: the topic brings the recap itself once.
    expect(digest!.text!.match(/Diageo cut its outlook/g)).toHaveLength(1);
    expect(headerLine(digest!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(headerLine(digest!, "list-unsubscribe")).toMatch(
      /^<http:\/\/proofline\.test\/follows\/unsubscribe\/[\w.-]+>$/,
    );
    // The same paragraph in the company's feed, for readers who would rather not give an address.
    const feed = await fetch(`${server.url}/feeds/follow/company/${diageo.id}.xml`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await feed.text();
    expect(xml).toContain("Diageo cut its outlook as agave prices fell.");
    expect(xml).toContain(`${SITE}/recap/${recapId}#spirits`);
    const topicFeed = await (await fetch(`${server.url}/feeds/follow/topic/tequila.xml`)).text();
    expect(topicFeed).toContain("Outlooks cut");
    expect((await fetch(`${server.url}/feeds/follow/company/99999.xml`)).status).toBe(404);
    // Nothing new about Constellation: no digest at all.
    expect(mailsTo("quiet@example.com")).toHaveLength(1);
  });

  it("manages follows from the digest's signed link, and stops the digest in one click, leaving the recap alone", async () => {
    const digest = mailsTo("reader@example.com").at(-1)!;
    const manage = linkIn(digest, /http:\/\/proofline\.test\/follows\/\d+-[\w-]+/);
    const page = plain(await (await fetch(`${server.url}${manage}`)).text());
    expect(page).toContain("What you follow");
    expect(page).toContain(diageo.name);
    expect(page).toContain("Tequila");
    const removed = await post(manage, { intent: "remove", kind: "topic", item: "tequila" });
    expect(removed.status).toBe(200);
    expect(plain(await removed.text())).toContain("You no longer follow Tequila.");
    const after = plain(await (await fetch(`${server.url}${manage}`)).text());
    expect(after).not.toContain(">Tequila<");
    // A replay with a name of its own: the page names the item the server knows, not what was sent.
    const replay = plain(
      await (
        await post(manage, { intent: "remove", kind: "topic", item: "tequila", name: "your account is closed" })
      ).text(),
    );
    expect(replay).toContain("You no longer follow Tequila.");
    expect(replay).not.toContain("your account is closed");
    // Remove all, then the page says there is nothing.
    const all = plain(await (await post(manage, { intent: "remove-all" })).text());
    expect(all).toContain("You no longer follow anything.");
    expect(all).toContain("You follow nothing at the moment.");
    expect(
      await database.db
        .selectFrom("reader_follows")
        .select("kind")
        .where("subscriber_id", "=", Number(/\/(\d+)-/.exec(manage)![1]))
        .execute(),
    ).toEqual([]);
    // A forged or altered link opens nothing.
    expect((await fetch(`${server.url}${manage.slice(0, -2)}xx`)).status).toBe(404);

    const oneClick = headerLine(digest, "list-unsubscribe")!.slice(1, -1).replace(SITE, "");
    const res = await post(oneClick, { "List-Unsubscribe": "One-Click" }, { Origin: "https://mail.google.com" });
    expect(res.status).toBe(200);
    const row = await database.db
      .selectFrom("newsletter_subscribers")
      .select(["digest", "status"])
      .where("email", "=", "reader@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ digest: "off", status: "none" });
    // The manage page says the digest is stopped, and offers to start it.
    const stopped = plain(await (await fetch(`${server.url}${manage}`)).text());
    expect(stopped).toContain("The digest is stopped at this address.");
    expect(stopped).toContain("Start the digest");
  });

  it("follows a market family from its page; the digest and the feed carry the months an import added", async () => {
    const file = (months: Record<string, number>) =>
      Readable.from([
        sharedFile(
          ...Object.entries(months).map(([m, dollars]) => sharedRow(m, "polk", "tequila", "tequila", dollars)),
        ),
      ]);
    await importIowaFile(database.db, file({ "2024-12": 800, "2025-10": 900, "2025-11": 950 }), "iowa-november.csv");
    await database.db
      .updateTable("data_imports")
      .set({ imported_at: new Date(Date.now() - 7 * 86_400_000).toISOString() })
      .execute();
    const page = plain(await (await fetch(`${server.url}/data/tequila`)).text());
    expect(page).toContain("Follow Tequila in Iowa");
    expect(page).toContain('name="kind" value="market"');
    expect(page).toContain('href="/feeds/follow/market/tequila.xml"');
    await following("figures@example.com", "market", "tequila");
    await importIowaFile(
      database.db,
      file({ "2024-12": 800, "2025-10": 900, "2025-11": 950, "2025-12": 1000 }),
      "iowa-december.csv",
    );
    await runDigest();
    const [digest] = (await waitForMail("figures@example.com", 2)).slice(1);
    expect(digest!.subject).toContain("Tequila in Iowa");
    expect(digest!.text).toContain(
      `New monthly figures:\nDecember 2025: $1,000, up 25.0% on December 2024; 2 liters: ${SITE}/data/tequila`,
    );
    // November was held before the window: it is not news again.
    expect(digest!.text).not.toContain("November 2025");
    const feed = await (await fetch(`${server.url}/feeds/follow/market/tequila.xml`)).text();
    expect(feed).toContain("<title>Tequila in Iowa, December 2025</title>");
    expect((await fetch(`${server.url}/feeds/follow/market/absinthe.xml`)).status).toBe(404);
    const refused = await follow("figures@example.com", "market", "absinthe");
    expect(refused.status).toBe(404);
  });

  it("holds each limit under a burst: ten follows at once from one network, and ten at once for one address", async () => {
    const client = visitor();
    const fromOne = await Promise.all(
      Array.from({ length: 10 }, (_, i) => follow(`burst-net${i}@example.com`, "topic", "tequila", client)),
    );
    expect(fromOne.map((r) => r.status).sort()).toEqual([200, 200, 200, ...Array(7).fill(429)]);
    const forOne = await Promise.all(
      Array.from({ length: 10 }, () => follow("burst-target@example.com", "topic", "tequila")),
    );
    expect(forOne.map((r) => r.status).sort()).toEqual([200, 200, 200, ...Array(7).fill(429)]);
    // Only the accepted follows were stored: one address each, and one confirmation mail for the burst's address.
    const stored = await database.db
      .selectFrom("newsletter_subscribers")
      .select("email")
      .where("email", "like", "burst-net%")
      .execute();
    expect(stored).toHaveLength(3);
    await waitForMail("burst-target@example.com", 1);
  });

  it("limits follows per client and per address, with Retry-After", async () => {
    const client = visitor();
    for (let i = 0; i < 3; i++)
      expect((await follow(`burst${i}@example.com`, "topic", "tequila", client)).status).toBe(200);
    const refused = await follow("burst9@example.com", "topic", "tequila", client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(plain(await refused.text())).toContain("Too many follows from your network.");
    // One address from many networks.
    for (let i = 0; i < 3; i++) expect((await follow("target@example.com", "topic", "tequila")).status).toBe(200);
    const again = await follow("target@example.com", "topic", "tequila");
    expect(again.status).toBe(429);
    expect(plain(await again.text())).toContain("Too many follows for this address.");
  });
});

import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/client.ts";
import { ENGINES, freshDatabase, type TestDatabase } from "../support/databases.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { testToday } from "../support/clock.ts";

// Opt-in newsletter tracking (issue 27): off by default (tests/api/newsletter.test.ts
// checks a recap mail carries neither image nor redirect); here it is turned on.
const TOKEN = "tracking-admin-token-0123456789";
const SITE = "http://proofline.test";
const recipient = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0]!.address!;

describe.each(ENGINES)("newsletter opens and clicks with NEWSLETTER_TRACKING on %s", (engine) => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let off: RunningServer;
  let sink: SmtpSink;
  let direct: Database;

  const post = (path: string, fields: Record<string, string>, address: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const mailsTo = (address: string) => sink.messages.filter((m) => recipient(m) === address);
  const waitForMail = async (address: string, count: number) => {
    for (
      const giveUp = Date.now() + 10_000;
      mailsTo(address).length < count;
      await new Promise((r) => setTimeout(r, 25))
    )
      if (Date.now() > giveUp) throw new Error(`expected ${count} mails to ${address}`);
    return mailsTo(address);
  };
  const stats = async () =>
    (await (
      await fetch(`${server.url}/api/admin/stats/subscribers?days=2`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    ).json()) as { sends: { recapId: number; delivered: number; opens: number; clicks: number }[] };

  beforeAll(async () => {
    sink = await startSmtpSink();
    testDb = await freshDatabase(engine);
    const env = {
      ...testDb.env,
      ADMIN_TOKEN: TOKEN,
      SITE_URL: SITE,
      SMTP_URL: sink.url,
      MAIL_FROM: "Proofline Recap <recap@proofline.test>",
      SMTP_RATE_PER_SECOND: "200",
      TRUST_PROXY: "1",
    };
    server = await startServer({ ...env, NEWSLETTER_TRACKING: "true" });
    // A second instance as deployed by default (and sending nothing): it follows no tracking address.
    off = await startServer({ ...env, SEED_DEMO: "false", SMTP_URL: "", MAIL_FROM: "" });
    direct = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  });
  afterAll(async () => {
    await direct?.close();
    await Promise.all([server?.stop(), off?.stop()]);
    await testDb?.drop();
    await sink?.stop();
  });

  it("counts each subscriber's first open and click of a send through signed addresses, and forgets them on deletion", async () => {
    const readers = ["ana@example.com", "ben@example.com"];
    for (const [i, address] of readers.entries()) {
      expect((await post("/newsletter", { email: address, source: "home" }, `198.51.100.${i + 1}`)).status).toBe(200);
      const [confirmation] = await waitForMail(address, 1);
      const link = confirmation!
        .text!.match(/http:\/\/proofline\.test\/newsletter\/confirm\/\S+/)![0]
        .replace(SITE, "");
      expect((await post(link, {}, `198.51.100.${i + 1}`)).status).toBe(200);
    }
    const published = await fetch(`${server.url}/api/admin/recaps`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        date: testToday(),
        headline: "Tracked recap",
        content: "See [the TTB's notice](https://www.ttb.gov/news?x=1&y=2) and [the recaps](/recap).",
      }),
    });
    expect(published.status).toBe(201);
    const [, ana] = await waitForMail(readers[0]!, 2);
    const [, ben] = await waitForMail(readers[1]!, 2);
    const html = ana!.html as string;
    const pixel = /src="http:\/\/proofline\.test(\/newsletter\/o\/[^"]+\.gif)"/.exec(html)![1]!;
    const click = /href="http:\/\/proofline\.test(\/newsletter\/c\/[^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&");
    // The unsubscribe link and the plain-text part are left as they are.
    expect(html).toMatch(/href="http:\/\/proofline\.test\/newsletter\/unsubscribe\/[\w-]+"/);
    expect(ana!.text).toContain("https://www.ttb.gov/news?x=1&y=2");
    expect(ana!.text).not.toContain("/newsletter/c/");
    // Each copy is its own: Ben's addresses differ from Ana's.
    expect(ben!.html).not.toContain(pixel);

    const image = await fetch(`${server.url}${pixel}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/gif");
    await fetch(`${server.url}${pixel}`); // a second open changes nothing
    const followed = await fetch(`${server.url}${click}`, { redirect: "manual" });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("https://www.ttb.gov/news?x=1&y=2");

    // The signed address cannot be pointed elsewhere.
    const forged = click.replace(/u=[^&]+/, `u=${encodeURIComponent("https://evil.example/")}`);
    const refused = await fetch(`${server.url}${forged}`, { redirect: "manual" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This link is not valid");
    // An instance without tracking does not follow these addresses at all.
    expect((await fetch(`${off.url}${click}`, { redirect: "manual" })).status).toBe(404);

    // The tokens name a subscriber: the request log shows neither.
    const tokens = [pixel, click].map((p) => p.split("/")[3]!.split("?")[0]!.split(".")[2]!);
    expect(JSON.stringify(server.logs)).toContain("/newsletter/c/[secret]");
    for (const token of tokens) expect(JSON.stringify(server.logs)).not.toContain(token);

    const send = (await stats()).sends.find((s) => s.delivered === 2)!;
    expect(send).toMatchObject({ delivered: 2, opens: 1, clicks: 1 });

    const deleted = await fetch(`${server.url}/api/admin/subscribers/delete`, {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: readers[0] }),
    });
    expect(deleted.status).toBe(200);
    expect(await direct.db.selectFrom("newsletter_engagement").selectAll().execute()).toEqual([]);
  });
});

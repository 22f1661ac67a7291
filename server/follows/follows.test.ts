import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, freshDatabase, type TestDatabase } from "../../tests/support/databases.ts";
import { createRecap } from "../data/admin-recaps.server.ts";
import { createEpisode } from "../data/admin-episodes.server.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { COMPANIES } from "../content/companies.server.ts";
import { claimConfirmation } from "../newsletter/confirmations.ts";
import {
  confirmSubscription,
  deleteSubscriber,
  exportSubscriber,
  requestSubscription,
  unsubscribe,
} from "../newsletter/subscribers.server.ts";
import { composeDigest, readDigestWindow } from "./digest-compose.ts";
import { previewDigest } from "./digest-preview.ts";
import { findFollowItem, followItems } from "./follow-items.server.ts";
import { followLinkKey, followLinkToken, readFollowLink } from "./follow-links.server.ts";
import { followsOf, mostFollowedItems, requestFollow, setDigest } from "./follows.server.ts";
import { looksLikePage } from "../http/security-headers.ts";
import { digestUnsubscribePath, manageFollowsPath } from "#common/follows/follow-item.ts";

const SITE = { brand: "Proofline", siteUrl: "https://hub.example" };
const diageo = COMPANIES.find((c) => c.name.startsWith("Diageo"))!;
const sazerac = COMPANIES.find((c) => c.name.startsWith("Sazerac"))!;

const subscriberOf = (db: Database["db"], email: string) =>
  db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

describe.each(ENGINES)("follows on %s", (engine) => {
  let testDb: TestDatabase;
  let database: Database;
  let recapId: number;
  let episodeId: number;

  beforeAll(async () => {
    testDb = await freshDatabase(engine);
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await migrateToLatest(database.db);
    const old = await createRecap(database.db, {
      date: "2026-10-01",
      headline: "An older week",
      content: "Diageo said something a month ago.",
      tags: ["Tequila"],
    });
    await database.db
      .updateTable("weekly_summaries")
      .set({ created_at: "2026-10-01T08:00:00.000Z" })
      .where("id", "=", old.recap.id)
      .execute();
    const { recap } = await createRecap(database.db, {
      date: "2026-11-27",
      headline: "Outlooks cut, distilleries bought",
      content: [
        "Intro with no company.",
        "",
        "## Spirits",
        "",
        "Diageo cut its outlook as tequila slowed.",
        "",
        "Sazerac bought a bourbon distillery, and Diageo said nothing.",
        "",
        "## Beer",
        "",
        "Nothing about them here.",
      ].join("\n"),
      tags: ["Tequila"],
    });
    recapId = recap.id;
    const { episode } = await createEpisode(
      database.db,
      {
        date: "2026-11-27",
        title: "The Friday signal",
        description: "The week in five minutes.",
        weekly_daily: "daily",
        transcript: [
          "WEBVTT",
          "",
          "00:00:05.000 --> 00:00:09.000",
          "Good morning.",
          "",
          "00:01:05.500 --> 00:01:10.000",
          "Tequila imports rose again.",
          "",
          "00:02:00.000 --> 00:02:04.000",
          "Sazerac is hiring.",
          "",
        ].join("\n"),
      },
      null,
    );
    episodeId = episode.id;
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  it("refuses an unknown item and names known ones", async () => {
    const db = database.db;
    expect(await findFollowItem(db, COMPANIES, "company", "9999")).toBeUndefined();
    expect(await findFollowItem(db, COMPANIES, "company", "1 or 1=1")).toBeUndefined();
    expect(await findFollowItem(db, COMPANIES, "topic", "no-such-topic")).toBeUndefined();
    expect(await findFollowItem(db, COMPANIES, "brand", "no-such-brand")).toBeUndefined();
    expect(await findFollowItem(db, COMPANIES, "company", String(diageo.id))).toMatchObject({
      name: diageo.name,
      url: `/explorer?company=${diageo.id}`,
      feedUrl: `/feeds/follow/company/${diageo.id}.xml`,
    });
    expect(await findFollowItem(db, COMPANIES, "topic", "tequila")).toMatchObject({
      name: "Tequila",
      url: "/topics/tequila",
    });
  });

  it("asks a new address to confirm, and the click turns the digest on without the recap", async () => {
    const db = database.db;
    const outcome = await requestFollow(db, "new@example.com", { kind: "company", key: String(diageo.id) }, "profile");
    expect(outcome.kind).toBe("queued");
    expect(await subscriberOf(db, "new@example.com")).toMatchObject({ status: "none", digest: "pending" });
    const mail = await claimConfirmation(db, "test", 60_000);
    expect(mail).toMatchObject({ email: "new@example.com", asked: "follows" });
    expect(await confirmSubscription(db, mail!.token)).toBe("confirmed");
    expect(await subscriberOf(db, "new@example.com")).toMatchObject({ status: "none", digest: "on" });
    expect(await confirmSubscription(db, mail!.token)).toBe("already");
    // A second follow needs no second confirmation, and queues no mail.
    expect((await requestFollow(db, "new@example.com", { kind: "topic", key: "tequila" }, "topic")).kind).toBe("added");
    expect(await claimConfirmation(db, "test", 60_000)).toBeUndefined();
    expect((await followsOf(db, outcome.subscriberId)).map((f) => `${f.kind}:${f.item}`)).toEqual([
      `company:${diageo.id}`,
      "topic:tequila",
    ]);
  });

  it("adds a follow at once for an address confirmed for the newsletter, and each unsubscribe leaves the other alone", async () => {
    const db = database.db;
    await requestSubscription(db, "reader@example.com", "home");
    const mail = await claimConfirmation(db, "test", 60_000);
    expect(mail?.asked).toBe("recap");
    await confirmSubscription(db, mail!.token);
    const outcome = await requestFollow(
      db,
      "reader@example.com",
      { kind: "company", key: String(sazerac.id) },
      "search",
    );
    expect(outcome.kind).toBe("added");
    expect(await claimConfirmation(db, "test", 60_000)).toBeUndefined();
    const reader = await subscriberOf(db, "reader@example.com");
    expect(reader).toMatchObject({ status: "confirmed", digest: "on" });
    expect(await setDigest(db, reader.id, false)).toBe(true);
    expect(await subscriberOf(db, "reader@example.com")).toMatchObject({ status: "confirmed", digest: "off" });
    expect(await setDigest(db, reader.id, true)).toBe(true);
    await unsubscribe(db, reader.unsubscribe_key);
    expect(await subscriberOf(db, "reader@example.com")).toMatchObject({ status: "unsubscribed", digest: "on" });
  });

  it("asks an address that gets nothing any more to confirm again", async () => {
    const db = database.db;
    const reader = await subscriberOf(db, "reader@example.com");
    await setDigest(db, reader.id, false);
    const outcome = await requestFollow(db, "reader@example.com", { kind: "topic", key: "tequila" }, "topic");
    expect(outcome.kind).toBe("queued");
    const mail = await claimConfirmation(db, "test", 60_000);
    expect(mail).toMatchObject({ email: "reader@example.com", asked: "follows" });
    await confirmSubscription(db, mail!.token);
    // The recap stays unsubscribed: the click confirmed the follows only.
    expect(await subscriberOf(db, "reader@example.com")).toMatchObject({ status: "unsubscribed", digest: "on" });
  });

  it("composes each new paragraph and moment once, grouped by followed item, with links to the section and the second", async () => {
    const db = database.db;
    const now = Date.now();
    const window = await readDigestWindow(
      db,
      new Date(now - 3_600_000).toISOString(),
      new Date(now + 3_600_000).toISOString(),
    );
    const items = await followItems(db, COMPANIES, [
      { kind: "company", item: String(diageo.id) },
      { kind: "company", item: String(sazerac.id) },
      { kind: "topic", item: "tequila" },
    ]);
    const sections = composeDigest(window, COMPANIES, items);
    expect(sections.map((s) => s.more)).toEqual([0, 0, 0]);
    const view = sections.map((s) => ({
      item: s.item.name,
      paragraphs: s.paragraphs.map((p) => [p.url, p.section, p.text]),
      moments: s.moments.map((m) => [m.url, m.seconds, m.text]),
    }));
    expect(view).toEqual([
      {
        item: diageo.name,
        paragraphs: [
          [`/recap/${recapId}#spirits`, "Spirits", "Diageo cut its outlook as tequila slowed."],
          [`/recap/${recapId}#spirits`, "Spirits", "Sazerac bought a bourbon distillery, and Diageo said nothing."],
        ],
        moments: [],
      },
      {
        item: sazerac.name,
        paragraphs: [],
        moments: [[`/podcast?episode=${episodeId}#episode-${episodeId}&t=120`, 120, "Sazerac is hiring."]],
      },
      {
        item: "Tequila",
        paragraphs: [],
        moments: [[`/podcast?episode=${episodeId}#episode-${episodeId}&t=65`, 65, "Tequila imports rose again."]],
      },
    ]);
    // Each reader's digest is their own though sections are made once per window: a reader who follows
    // Sazerac alone gets the paragraph the first reader had under Diageo, and one who follows Sazerac
    // before Diageo gets it under Sazerac; the first reader's digest is unchanged by theirs.
    const paragraphsOf = (list: typeof sections) => list.map((s) => [s.item.name, s.paragraphs.map((p) => p.text)]);
    const distillery = "Sazerac bought a bourbon distillery, and Diageo said nothing.";
    expect(paragraphsOf(composeDigest(window, COMPANIES, [items[1]!]))).toEqual([[sazerac.name, [distillery]]]);
    expect(paragraphsOf(composeDigest(window, COMPANIES, [items[1]!, items[0]!]))).toEqual([
      [sazerac.name, [distillery]],
      [diageo.name, ["Diageo cut its outlook as tequila slowed."]],
    ]);
    expect(composeDigest(window, COMPANIES, items)).toEqual(sections);
    // Two readers of one item share its section (the mail renders it once).
    expect(composeDigest(window, COMPANIES, [items[0]!])[0]).toBe(composeDigest(window, COMPANIES, [items[0]!])[0]);
    // Past the cap an item's quotes are counted, not given: the mail links to its page for them.
    const [capped] = composeDigest(window, COMPANIES, items.slice(0, 1), { perItem: 1 });
    expect([capped!.paragraphs.length, capped!.more]).toEqual([1, 1]);
    // The older recap is outside the window: nothing new there means no digest at all.
    const before = await readDigestWindow(db, "2026-09-01T00:00:00.000Z", "2026-09-30T00:00:00.000Z");
    expect(composeDigest(before, COMPANIES, items)).toEqual([]);
  });

  it("previews the digest an address would get, with its signed links", async () => {
    const db = database.db;
    const preview = await previewDigest(db, COMPANIES, SITE, "new@example.com");
    expect(preview.status).toBe("ready");
    if (preview.status !== "ready") return;
    expect(preview.subject).toContain(diageo.name);
    expect(preview.text).toContain("> Diageo cut its outlook as tequila slowed.");
    expect(preview.text).toContain(`https://hub.example/recap/${recapId}#spirits`);
    const manage = /https:\/\/hub\.example\/follows\/(\d+-[\w-]+)/.exec(preview.text)![1]!;
    const reader = await subscriberOf(db, "new@example.com");
    expect(await readFollowLink(db, manage, "manage")).toEqual({ id: reader.id });
    // A link for one purpose opens nothing else, and a forged one opens nothing.
    expect(await readFollowLink(db, manage, "stop")).toBeUndefined();
    expect(await readFollowLink(db, `${reader.id}-${"A".repeat(27)}`, "manage")).toBeUndefined();
    expect(await previewDigest(db, COMPANIES, SITE, "nobody@example.com")).toEqual({ status: "unknown" });
  });

  it("counts what is followed most, by readers whose digest is on, never naming them", async () => {
    const top = await mostFollowedItems(database.db, COMPANIES);
    expect(top[0]).toEqual({ name: "Tequila", kind: "topic", url: "/topics/tequila", followers: 2 });
    expect(
      top
        .slice(1)
        .map((t) => [t.name, t.followers])
        .sort(),
    ).toEqual(
      [
        [diageo.name, 1],
        [sazerac.name, 1],
      ].sort(),
    );
    expect(JSON.stringify(top)).not.toContain("@");
  });

  it("exports and deletes follows with the subscriber; the old links then open nothing", async () => {
    const db = database.db;
    const reader = await subscriberOf(db, "new@example.com");
    const token = followLinkToken(await followLinkKey(db), reader.id, reader.unsubscribe_key, "manage");
    const exported = await exportSubscriber(db, "new@example.com");
    expect(exported).toMatchObject({ status: "none", digest: "on", digest_cadence: "weekly" });
    expect(exported!.follows.map((f) => `${f.kind}:${f.item}`)).toEqual([`company:${diageo.id}`, "topic:tequila"]);
    expect(await deleteSubscriber(db, "new@example.com")).toBe(true);
    expect(await followsOf(db, reader.id)).toEqual([]);
    expect(await readFollowLink(db, token, "manage")).toBeUndefined();
  });
});

describe("the digest's signed links", () => {
  // On 8bf065a a link was `<id>.<signature>`: whenever the signature held no `-` or `_` (about two in
  // five), its path read as a file, got the strict CSP of files (form-action 'none'), and the page's own
  // Remove and Unsubscribe buttons did nothing in a browser.
  it("are always served as pages, whatever their signature", () => {
    for (let i = 0; i < 300; i++) {
      for (const purpose of ["manage", "stop"] as const) {
        const token = followLinkToken("key", i + 1, `unsubscribe-key-${i}`, purpose);
        expect(looksLikePage(manageFollowsPath(token)), token).toBe(true);
        expect(looksLikePage(digestUnsubscribePath(token)), token).toBe(true);
      }
    }
  });
});

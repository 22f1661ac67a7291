import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { COMPANIES } from "../content/companies.server.ts";
import { ENGINES } from "../../tests/support/databases.ts";
import { migratedDatabaseForTests } from "../../tests/support/migrated-database.ts";
import { sharedFile, sharedRow } from "../../tests/support/iowa-files.ts";
import { importIowaFile } from "../market/iowa-import.ts";
import { composeDigest, readDigestWindow, readRecapWindow } from "./digest-compose.ts";
import { digestEmail, MONTHS_HEADING } from "./digest-email.ts";
import { findFollowItem } from "./follow-items.server.ts";
import { followFeedXml } from "../feeds/follow-feed.ts";

// Issue 42: a followed market family's new months in the digest, from the state's file as the desk
// imports it (small files in the shared file's layout, as in iowa-import.test.ts).

const SITE = { brand: "Proofline", siteUrl: "https://hub.example" };
const LINKS = {
  manageUrl: "https://hub.example/follows/m",
  unsubscribeUrl: "https://hub.example/follows/unsubscribe/s",
};

/** Tequila (two counties) and vodka (one) in each month, tequila's dollars given per month. */
const file = (tequila: Record<string, number>) =>
  Readable.from([
    sharedFile(
      ...Object.entries(tequila).flatMap(([month, dollars]) => [
        sharedRow(month, "polk", "tequila", "100% agave tequila", dollars / 2),
        sharedRow(month, "linn", "tequila", "mixto tequila", dollars / 2),
        sharedRow(month, "polk", "vodka", "american vodkas", 500),
      ]),
    ),
  ]);

describe.each(ENGINES)("market months in the digest on %s", (engine) => {
  const handle = migratedDatabaseForTests(engine);
  const db = () => handle.database.db;
  const later = () => new Date(Date.now() + 60_000).toISOString();

  it("gives a followed family the months an import added in the window, with the change on a year before", async () => {
    // What the hub held before the window: to October 2025, imported a week ago.
    await importIowaFile(db(), file({ "2024-11": 1000, "2025-09": 3000, "2025-10": 3200 }), "iowa-october.csv");
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    await db().updateTable("data_imports").set({ imported_at: weekAgo }).execute();
    const since = new Date(Date.now() - 1000).toISOString();
    // This week's file: the whole history again (October revised), and two new months.
    await importIowaFile(
      db(),
      file({ "2024-11": 1000, "2025-09": 3000, "2025-10": 3300, "2025-11": 2500, "2025-12": 4000 }),
      "iowa-december.csv",
    );
    const window = await readDigestWindow(db(), since, later());
    const tequila = (await findFollowItem(db(), COMPANIES, "market", "tequila"))!;
    expect(tequila).toMatchObject({
      name: "Tequila in Iowa",
      url: "/data/tequila",
      feedUrl: "/feeds/follow/market/tequila.xml",
    });
    const [section] = composeDigest(window, COMPANIES, [tequila]);
    const today = new Date().toISOString().slice(0, 10);
    // Newest first; the revised October is not news; November has a year before to compare with, December not.
    expect(section!.months).toEqual([
      {
        kind: "month",
        ref: "tequila:2025-12",
        date: today,
        month: "December 2025",
        text: "$4,000; 4 liters",
        url: "/data/tequila",
      },
      {
        kind: "month",
        ref: "tequila:2025-11",
        date: today,
        month: "November 2025",
        text: "$2,500, up 150.0% on November 2024; 4 liters",
        url: "/data/tequila",
      },
    ]);
    expect(section!.paragraphs).toEqual([]);

    // Each family has its own months; a topic of the same name brings words, never figures.
    const vodka = (await findFollowItem(db(), COMPANIES, "market", "vodka"))!;
    expect(composeDigest(window, COMPANIES, [vodka])[0]!.months.map((m) => m.text)).toEqual([
      "$500; 2 liters",
      "$500, unchanged on November 2024; 2 liters",
    ]);
    const topic = {
      kind: "topic",
      key: "tequila",
      name: "Tequila",
      url: "/topics/tequila",
      feedUrl: "/t.xml",
    } as const;
    expect(composeDigest(window, COMPANIES, [topic])).toEqual([]);

    // The mail and the feed say the same.
    const mail = digestEmail([section!], SITE, LINKS, "Your weekly digest");
    expect(mail.text).toContain(`Tequila in Iowa (market data)\n${"-".repeat("Tequila in Iowa (market data)".length)}`);
    expect(mail.text).toContain(
      `${MONTHS_HEADING}:\nDecember 2025: $4,000; 4 liters: https://hub.example/data/tequila`,
    );
    expect(mail.html).toContain(`>${MONTHS_HEADING}</p>`);
    expect(mail.html).toContain(`<a href="https://hub.example/data/tequila" style="color:#`);
    const feed = followFeedXml(tequila, section, SITE);
    expect(feed).toContain("<title>Tequila in Iowa, November 2025</title>");
    expect(feed).toContain("https://hub.example/data/tequila#tequila:2025-11");

    // A recap's alert carries no figures.
    expect((await readRecapWindow(db(), 1, later())).months).toEqual([]);
  });

  it("gives nothing when the window's import only revised months the hub held, or held no import", async () => {
    await new Promise((r) => setTimeout(r, 10));
    const since = new Date().toISOString();
    expect((await readDigestWindow(db(), since, later())).months).toEqual([]);
    await importIowaFile(db(), file({ "2025-10": 3400, "2025-11": 2600, "2025-12": 4100 }), "iowa-revised.csv");
    const window = await readDigestWindow(db(), since, later());
    expect(window.months).toEqual([]);
    const tequila = (await findFollowItem(db(), COMPANIES, "market", "tequila"))!;
    expect(composeDigest(window, COMPANIES, [tequila])).toEqual([]);
  });

  it("refuses a family that is not one", async () => {
    expect(await findFollowItem(db(), COMPANIES, "market", "absinthe")).toBeUndefined();
    expect(await findFollowItem(db(), COMPANIES, "market", "Tequila")).toBeUndefined();
  });
});

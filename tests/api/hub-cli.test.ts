import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "../support/databases.ts";
import { runHubCli } from "../support/hub-cli.ts";
import { PORTAL_SAMPLE } from "../support/iowa-files.ts";
import { gzipSync } from "node:zlib";
import { companyFacts } from "../support/sec-files.ts";
import { colaCsv } from "../support/cola-files.ts";
import { ROOT, startServer, type RunningServer } from "../support/server.ts";

const TOKEN = "cli-admin-token-0123456789";
const JPEG = path.join(ROOT, "content/media/weekly-summary-pics/2026-10-16-barrel-house.jpg");
const MP3 = path.join(ROOT, "content/media/podcast-episodes/2026-11-20-daily-holiday-resets.mp3");

/** Runs the real command line, as an operator would, against `url`. */
const hub = (url: string, args: string[], env: Record<string, string> = { ADMIN_TOKEN: TOKEN }) =>
  runHubCli(url, args, env);

let testDb: TestDatabase;
let server: RunningServer;
let work: string;
beforeAll(async () => {
  testDb = await freshDatabase("sqlite");
  server = await startServer({ ...testDb.env, ADMIN_TOKEN: TOKEN, COMMENT_RATE_PER_MINUTE: "100" });
  work = fs.mkdtempSync(path.join(os.tmpdir(), "hub-cli-"));
});
afterAll(async () => {
  await server?.stop();
  await testDb?.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

const page = async (p: string) => (await fetch(`${server.url}${p}`)).text();

describe("npm run hub", () => {
  it("documents every command in --help", async () => {
    const { code, stdout } = await hub(server.url, ["--help"]);
    expect(code).toBe(0);
    for (const command of [
      "recap add",
      "recap list",
      "recap rm",
      "episode add",
      "import <folder>",
      "comments list",
      "comments hide",
      "user add",
      "user link",
      "user list",
      "backup",
      "restore",
      "stats [downloads|readers|subscribers]",
      "stats import",
      "data import iowa-liquor-sales",
    ])
      expect(stdout).toContain(command);
  });

  it("publishes a recap with its image from a markdown file, once per key, and shows it on the site", async () => {
    fs.copyFileSync(JPEG, path.join(work, "cover.jpg"));
    fs.writeFileSync(
      path.join(work, "recap.md"),
      "---\ndate: 2026-11-27\nheadline: Published from the command line\ntags: [CLI, Holiday]\nsnippets: A pull-quote.\nimage: ./cover.jpg\nkey: cli-recap-1\n---\n\n## The week\n\nBody with **bold**.\n",
    );
    const first = await hub(server.url, ["recap", "add", path.join(work, "recap.md")]);
    expect(first.code).toBe(0);
    const id = Number(/Published recap (\d+): Published from the command line/.exec(first.stdout)![1]);
    expect(first.stderr).toMatch(/Uploading cover\.jpg: 100%/);
    const html = await page(`/recap/${id}`);
    expect(html).toContain("Published from the command line");
    expect(html).toMatch(/\/media\/weekly-summary-pics\/cover-[0-9a-f]{16}\.jpg/);

    const again = await hub(server.url, ["recap", "add", path.join(work, "recap.md")]);
    expect(again.stdout).toContain(`Already published recap ${id}`);
    expect((await hub(server.url, ["recap", "list"])).stdout.split("\n")[0]).toMatch(
      new RegExp(`^\\s*${id}  2026-11-27  Published from the command line$`),
    );
  });

  it("publishes an episode with its audio, and it appears in the feed", async () => {
    const { code, stdout, stderr } = await hub(server.url, [
      "episode",
      "add",
      "--audio",
      MP3,
      "--title",
      "CLI episode",
      "--series",
      "weekly",
      "--date",
      "2026-11-28",
      "--description",
      "Published by the CLI.",
      "--tags",
      "CLI Topic, Holiday",
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Published episode \d+: CLI episode, 0:\d\d /);
    expect(stderr).toContain("100%");
    expect(await page("/feeds/weekly.xml")).toContain("<title>CLI episode</title>");
    // Its tags are topics: the topic's page lists it.
    expect(await page("/topics/cli-topic")).toContain("CLI episode");
  });

  it("publishes an episode with its transcript and chapters, and refuses a bad transcript naming the line", async () => {
    fs.writeFileSync(path.join(work, "ep.srt"), "1\n00:00:00,000 --> 00:00:02,000\nHello from the CLI.\n");
    fs.writeFileSync(path.join(work, "ep.chapters.txt"), "0:00 Hello\n0:01 More\n");
    const common = [
      "episode",
      "add",
      "--audio",
      MP3,
      "--series",
      "daily",
      "--date",
      "2026-11-29",
      "--description",
      "With a transcript.",
    ];
    const ok = await hub(server.url, [
      ...common,
      "--title",
      "CLI transcript",
      "--transcript",
      path.join(work, "ep.srt"),
      "--chapters",
      path.join(work, "ep.chapters.txt"),
    ]);
    expect(ok.code).toBe(0);
    const id = /episode (\d+):/.exec(ok.stdout)![1];
    expect(await page(`/feeds/episodes/${id}/transcript.vtt`)).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello from the CLI.\n",
    );
    expect(await page(`/feeds/episodes/${id}/chapters.json`)).toContain('"title":"More"');

    fs.writeFileSync(path.join(work, "bad.vtt"), "WEBVTT\n\n00:00.000 --> 00:0x.000\nBroken.\n");
    const bad = await hub(server.url, [
      ...common,
      "--title",
      "CLI bad transcript",
      "--transcript",
      path.join(work, "bad.vtt"),
    ]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('transcript: line 3: "00:0x.000" is not a time');
  });

  it("imports a folder of recaps and episode folders, and running it again publishes nothing twice", async () => {
    const folder = path.join(work, "import");
    fs.mkdirSync(path.join(folder, "ep-holiday"), { recursive: true });
    fs.writeFileSync(
      path.join(folder, "2026-12-04.md"),
      "---\ndate: 2026-12-04\nheadline: Imported recap one\n---\nFirst.\n",
    );
    fs.writeFileSync(
      path.join(folder, "2026-12-11.md"),
      "---\ndate: 2026-12-11\nheadline: Imported recap two\ntags: [Import]\n---\nSecond.\n",
    );
    fs.writeFileSync(
      path.join(folder, "ep-holiday", "episode.md"),
      "---\ndate: 2026-12-05\ntitle: Imported episode\nseries: daily\n---\nAn imported description.\n",
    );
    fs.copyFileSync(MP3, path.join(folder, "ep-holiday", "audio.mp3"));

    const uploads = () =>
      server.logs.filter(
        (l) =>
          typeof l === "object" && String((l.req as { url?: string } | undefined)?.url).startsWith("/api/admin/media/"),
      ).length;
    const uploadedBefore = uploads();
    const first = await hub(server.url, ["import", folder]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Imported ${folder}: 3 published, 0 already there.`);
    // The request log reaches the test through the server's stdout, after the response: wait for it.
    await expect.poll(() => uploads() - uploadedBefore).toBe(1);
    const uploadedFirst = uploads();
    const second = await hub(server.url, ["import", folder]);
    expect(second.stdout).toContain(`Imported ${folder}: 0 published, 3 already there.`);
    // The audio the site already has is not uploaded again.
    expect(uploads()).toBe(uploadedFirst);
    const recaps = (
      (await (await fetch(`${server.url}/api/recaps?q=Imported%20recap`)).json()) as { recaps: unknown[] }
    ).recaps;
    expect(recaps).toHaveLength(2);
    expect((await page("/podcast")).match(/Imported episode/g)?.length).toBeGreaterThanOrEqual(1);
  });

  it("refuses a file holding a character that breaks feeds, naming the file and the place, before publishing anything of an import", async () => {
    const folder = path.join(work, "import-bad");
    fs.mkdirSync(path.join(folder, "ep-fine"), { recursive: true });
    fs.writeFileSync(
      path.join(folder, "1-fine.md"),
      "---\ndate: 2026-12-18\nheadline: Fine before the bad one\n---\nFine.\n",
    );
    const bad = path.join(folder, "2-bad.md");
    fs.writeFileSync(bad, "---\ndate: 2026-12-19\nheadline: Bad body\n---\n\nA line\nThe\u000b tab\n");
    fs.writeFileSync(
      path.join(folder, "ep-fine", "episode.md"),
      "---\ndate: 2026-12-19\ntitle: Fine episode of a bad import\nseries: daily\n---\nFine.\n",
    );
    expect(await hub(server.url, ["import", folder])).toMatchObject({
      code: 1,
      stderr: `hub: ${bad}: must not contain control characters (U+000B at line 7, column 4)\n`,
    });
    const published = async (q: string) =>
      ((await (await fetch(`${server.url}/api/recaps?q=${encodeURIComponent(q)}`)).json()) as { total: number }).total;
    expect(await published("Fine before the bad one")).toBe(0);
    const episodesMatching = async (q: string) =>
      ((await (await fetch(`${server.url}/api/episodes?q=${encodeURIComponent(q)}`)).json()) as { total: number })
        .total;
    expect(await episodesMatching("Fine episode of a bad import")).toBe(0);

    // One written as a YAML escape in the front matter, where a headline must be one line.
    const escaped = path.join(work, "escaped.md");
    fs.writeFileSync(escaped, '---\ndate: 2026-12-20\nheadline: "Bad\\vheadline"\n---\nBody.\n');
    expect(await hub(server.url, ["recap", "add", escaped])).toMatchObject({
      code: 1,
      stderr: `hub: ${escaped}: headline: must not contain control characters (U+000B at character 4)\n`,
    });
    // Typed on the command line: the API refuses it, naming the field (after the upload's progress, if it uploads).
    const typed = await hub(server.url, [
      "episode",
      "add",
      "--audio",
      MP3,
      "--title",
      "Refused \u001b title",
      "--series",
      "daily",
      "--date",
      "2026-12-20",
      "--description",
      "Fine.",
    ]);
    expect(typed.code).toBe(1);
    expect(
      typed.stderr.endsWith("hub: title: must not contain control characters (U+001B at character 9) (HTTP 400)\n"),
    ).toBe(true);
    expect(await episodesMatching("Refused")).toBe(0);
  });

  it("lists, hides, shows again and deletes comments", async () => {
    const recapId = ((await (await fetch(`${server.url}/api/recaps`)).json()) as { recaps: Array<{ id: number }> })
      .recaps[0]!.id;
    await fetch(`${server.url}/api/recaps/${recapId}/comments`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ author_name: "Spammer", comment_text: "Buy now" }),
    });
    const listed = await hub(server.url, ["comments", "list"]);
    const id = /^([0-9a-f-]{36}) .*Spammer on recap \d+ \(.*\): Buy now$/m.exec(listed.stdout)![1]!;
    const publicTexts = async () => await (await fetch(`${server.url}/api/recaps/${recapId}/comments`)).text();

    expect((await hub(server.url, ["comments", "hide", id])).stdout).toContain(`Comment ${id} hidden.`);
    expect(await publicTexts()).not.toContain("Buy now");
    expect((await hub(server.url, ["comments", "list", "--status", "hidden"])).stdout).toContain("[hidden] Spammer");
    expect((await hub(server.url, ["comments", "unhide", id])).stdout).toContain("shown again");
    expect(await publicTexts()).toContain("Buy now");
    expect((await hub(server.url, ["comments", "rm", id])).stdout).toContain(`Deleted comment ${id}.`);
    expect(await publicTexts()).not.toContain("Buy now");
  });

  it("deletes a recap", async () => {
    const recapId = (
      (await (await fetch(`${server.url}/api/recaps?q=recap%20two`)).json()) as { recaps: Array<{ id: number }> }
    ).recaps[0]!.id;
    expect((await hub(server.url, ["recap", "rm", String(recapId)])).stdout).toBe(`Deleted recap ${recapId}.\n`);
    expect((await fetch(`${server.url}/recap/${recapId}`)).status).toBe(404);
  });

  it("says clearly what is wrong: no token, a wrong token, a bad file, an unreachable site, an unknown command", async () => {
    expect(await hub(server.url, ["comments", "list"], {})).toMatchObject({
      code: 1,
      stderr: "hub: set ADMIN_TOKEN to the site's publishing token\n",
    });
    expect(await hub(server.url, ["comments", "list"], { ADMIN_TOKEN: "wrong-token-but-long-enough" })).toMatchObject({
      code: 1,
      stderr: "hub: Wrong token (HTTP 401)\n",
    });
    fs.writeFileSync(path.join(work, "bad.md"), "---\ndate: someday\nheadline: x\n---\nBody\n");
    expect(await hub(server.url, ["recap", "add", path.join(work, "bad.md")])).toMatchObject({
      code: 1,
      stderr: `hub: ${path.join(work, "bad.md")}: date: expected a YYYY-MM-DD date\n`,
    });
    expect(await hub(server.url, ["recap", "add", path.join(work, "missing.md")])).toMatchObject({
      code: 1,
      stderr: `hub: no such file: ${path.join(work, "missing.md")}\n`,
    });
    expect((await hub("http://127.0.0.1:9", ["comments", "list"])).stderr).toMatch(
      /^hub: cannot reach http:\/\/127\.0\.0\.1:9 .*is the site running\?\n$/,
    );
    expect(await hub(server.url, ["recap", "publish"])).toMatchObject({
      code: 1,
      stderr: "hub: unknown command: recap publish; see npm run hub -- --help\n",
    });
  });
});

describe("hub data import", () => {
  it("imports Iowa's sales from the portal's CSV, says so again without changing a figure, and refuses a bad file naming its line", async () => {
    const first = await hub(server.url, ["data", "import", "iowa-liquor-sales", PORTAL_SAMPLE]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Imported .*portal-sample\.csv \(import \d+\): 236 rows read, 236 kept, 0 refused \(no Iowa county\); months 2020-09 to 2020-10: 0 added, 2 replaced\.\n$/,
    );
    // The demo's statewide figures were there first: the file's two months replace theirs.
    const id = /\(import (\d+)\)/.exec(first.stdout)![1];
    const again = await hub(server.url, ["data", "import", "iowa-liquor-sales", PORTAL_SAMPLE]);
    expect(again.stdout).toMatch(
      new RegExp(
        `portal-sample\\.csv was imported before \\(import ${id}, \\d{4}-\\d{2}-\\d{2}\\): no figure changed\\.\n$`,
      ),
    );

    // Gzipped, with one unreadable number on line 3: refused whole, named, nothing kept.
    const lines = fs.readFileSync(PORTAL_SAMPLE, "utf8").split("\n");
    lines[2] = lines[2]!.replace(/,([\d.]+)$/, ",12 liters");
    const bad = path.join(work, "bad-sales.csv.gz");
    fs.writeFileSync(bad, gzipSync(lines.join("\n")));
    const refused = await hub(server.url, ["data", "import", "iowa-liquor-sales", bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/\nhub: Line 3, column volume: "12 liters" is not a number\. \(HTTP 422\)\n$/);
    const unknown = await hub(server.url, ["data", "import", "no-such-source", PORTAL_SAMPLE]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /\nhub: Unknown source: use iowa-liquor-sales, ttb-cola, census-hs2208, sec-companyfacts \(HTTP 404\)\n$/,
    );
  });

  it("imports the label registry's export, keeps each approval once, and refuses a bad file naming its line", async () => {
    const day = (n: number) => `2024-0${n}-15`;
    const file = path.join(work, "cola-export.csv");
    fs.writeFileSync(
      file,
      colaCsv([
        { ttbId: "24100001000101", permit: "DSP-KY-9", day: day(1), fanciful: "", brand: "BUFFALO TRACE" },
        { ttbId: "24100001000102", permit: "DSP-KY-9", day: day(2), fanciful: "KOSHER", brand: "BUFFALO TRACE" },
      ]),
    );
    const first = await hub(server.url, ["data", "import", "ttb-cola", file]);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toMatch(
      /^Imported .*cola-export\.csv \(import \d+\): 2 rows read, 2 kept; approvals completed 2024-01-15 to 2024-02-15: 2 new, 0 held already\.\n$/,
    );
    expect((await hub(server.url, ["data", "import", "ttb-cola", file])).stdout).toMatch(
      /cola-export\.csv was imported before \(import \d+, \d{4}-\d{2}-\d{2}\): no approval changed\.\n$/,
    );
    const overlap = path.join(work, "cola-overlap.csv");
    fs.writeFileSync(
      overlap,
      colaCsv([
        { ttbId: "24100001000102", permit: "DSP-KY-9", day: day(2), fanciful: "KOSHER", brand: "BUFFALO TRACE" },
        { ttbId: "24100001000103", permit: "DSP-KY-9", day: day(3), fanciful: "", brand: "FIREBALL" },
      ]),
    );
    expect((await hub(server.url, ["data", "import", "ttb-cola", overlap])).stdout).toMatch(
      /: 1 new, 1 held already\.\n$/,
    );

    const bad = path.join(work, "cola-bad.csv");
    fs.writeFileSync(bad, fs.readFileSync(file, "utf8").replace("'24100001000102", "'24-100"));
    const refused = await hub(server.url, ["data", "import", "ttb-cola", bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/\nhub: Line 3, column TTB ID: "'24-100'" is not a TTB ID\. \(HTTP 422\)\n$/);
  });

  it("imports a listed company's EDGAR companyfacts, keeps each figure once, and refuses a bad file naming its path", async () => {
    const file = path.join(work, "CIK0000014693.json");
    fs.writeFileSync(file, companyFacts());
    const first = await hub(server.url, ["data", "import", "sec-companyfacts", file]);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toMatch(
      /^Imported .*CIK0000014693\.json \(import \d+\): 15 rows read, 14 kept, 1 left out \(no period\); 2016-04-30 to 2026-07-31: 14 new, 0 held already\.\n$/,
    );
    expect((await hub(server.url, ["data", "import", "sec-companyfacts", file])).stdout).toMatch(
      /CIK0000014693\.json was imported before \(import \d+, \d{4}-\d{2}-\d{2}\): no figure changed\.\n$/,
    );
    const bad = path.join(work, "CIK-bad.json");
    fs.writeFileSync(bad, companyFacts().replace('"val":5000000000', '"val":"5,000"'));
    const refused = await hub(server.url, ["data", "import", "sec-companyfacts", bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /\nhub: facts\.us-gaap\.RevenueFromContractWithCustomerIncludingAssessedTax\.units\.USD\[3\]\.val: .*; nothing was imported\. \(HTTP 422\)\n$/,
    );
  });
});

describe("hub backup and restore", () => {
  it("restores a backup into an empty data folder and gives the same site", async () => {
    // Something beyond the demo: a comment, a hidden comment and an uploaded image (from the tests above or now).
    const recapId = ((await (await fetch(`${server.url}/api/recaps`)).json()) as { recaps: Array<{ id: number }> })
      .recaps[0]!.id;
    for (const text of ["Kept", "Hidden"])
      await fetch(`${server.url}/api/recaps/${recapId}/comments`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ author_name: "Backup", comment_text: text }),
      });
    const listing = (await hub(server.url, ["comments", "list"])).stdout;
    const hiddenId = /^([0-9a-f-]{36}) .*Backup on recap \d+ \(.*\): Hidden$/m.exec(listing)?.[1];
    expect(hiddenId, listing).toBeDefined();
    await hub(server.url, ["comments", "hide", hiddenId!]);

    const file = path.join(work, "site.tar.gz");
    const saved = await hub(server.url, ["backup", file]);
    expect(saved.code).toBe(0);
    expect(saved.stdout).toMatch(/^Saved a backup of .* to .*site\.tar\.gz \(\d+\.\d MB\)\.\n$/);

    const emptyDb = await freshDatabase("sqlite");
    const empty = await startServer({ ...emptyDb.env, ADMIN_TOKEN: TOKEN, SEED_DEMO: "false" });
    try {
      expect(((await (await fetch(`${empty.url}/api/recaps`)).json()) as { recaps: unknown[] }).recaps).toEqual([]);
      const restored = await hub(empty.url, ["restore", file]);
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(
        /^Restored .* \d+ recaps, \d+ episodes, \d+ comments, \d+ staff, \d+ drafts, \d+ subscribers, \d+ media files\.\n$/,
      );

      const same = async (p: string) =>
        expect(await (await fetch(`${empty.url}${p}`)).text(), p).toBe(await (await fetch(`${server.url}${p}`)).text());
      for (const p of [
        "/api/recaps",
        "/api/episodes",
        `/api/recaps/${recapId}/comments`,
        "/feeds/podcast.xml",
        "/api/data",
        "/api/data/tequila",
      ])
        await same(p);
      const episodes = (
        (await (await fetch(`${server.url}/api/episodes`)).json()) as { episodes: Array<{ audio_url: string | null }> }
      ).episodes;
      for (const e of episodes.filter((x) => x.audio_url)) {
        const a = Buffer.from(await (await fetch(`${server.url}${e.audio_url}`)).arrayBuffer());
        const b = Buffer.from(await (await fetch(`${empty.url}${e.audio_url}`)).arrayBuffer());
        expect(b.equals(a), e.audio_url!).toBe(true);
      }
      expect((await hub(empty.url, ["comments", "list", "--status", "hidden"])).stdout).toContain("[hidden] Backup");
      // New rows number after the restored ones.
      fs.writeFileSync(path.join(work, "after.md"), "---\ndate: 2026-12-31\nheadline: After the restore\n---\nNew.\n");
      const next = await hub(empty.url, ["recap", "add", path.join(work, "after.md")]);
      expect(Number(/Published recap (\d+)/.exec(next.stdout)![1])).toBeGreaterThan(recapId);
    } finally {
      await empty.stop();
      await emptyDb.drop();
    }
  });

  it("refuses a file that is not a backup and changes nothing", async () => {
    const before = await (await fetch(`${server.url}/api/recaps`)).text();
    const bogus = path.join(work, "bogus.tar.gz");
    fs.writeFileSync(bogus, "not a tarball");
    const result = await hub(server.url, ["restore", bogus]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\nhub: archive: not a readable \.tar\.gz backup .*\(HTTP 400\)\n$/);
    expect(await (await fetch(`${server.url}/api/recaps`)).text()).toBe(before);
  });

  it("adds a desk owner and prints a one-time link that sets the password and signs in; user link makes a new one", async () => {
    const added = await hub(server.url, [
      "user",
      "add",
      "chief@proofline.test",
      "--name",
      "Chief Editor",
      "--role",
      "owner",
    ]);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Added Chief Editor <chief@proofline.test> as owner.");
    const link = /http:\/\/proofline\.test(\/admin\/password\/[\w-]+)/.exec(added.stdout)![1]!;
    const form = await fetch(`${server.url}${link}`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("For Chief Editor (chief@proofline.test)");
    // The link's secret is never written to the request log.
    const secret = link.split("/").pop()!;
    // (The request's log line is written as its response ends: it may reach us a moment after the page.)
    await expect.poll(() => JSON.stringify(server.logs)).toContain("/admin/password/[secret]");
    expect(JSON.stringify(server.logs)).not.toContain(secret);

    const again = await hub(server.url, ["user", "add", "chief@proofline.test", "--name", "Chief Editor"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("chief@proofline.test already has an account (HTTP 409)");

    const relinked = await hub(server.url, ["user", "link", "chief@proofline.test"]);
    expect(relinked.code).toBe(0);
    // The new link replaces the old one.
    expect((await fetch(`${server.url}${link}`)).status).toBe(404);
    const listed = await hub(server.url, ["user", "list"]);
    expect(listed.stdout).toContain("owner   chief@proofline.test  Chief Editor  (has not set a password yet)");
  });
});

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adminSite } from "../support/admin-site.ts";
import { ENGINES } from "../support/databases.ts";
import { ROOT } from "../support/server.ts";

const JPEG = fs.readFileSync(path.join(ROOT, "content/media/weekly-summary-pics/2026-10-16-barrel-house.jpg"));
const MP3 = fs.readFileSync(path.join(ROOT, "content/media/podcast-episodes/2026-11-20-daily-holiday-resets.mp3"));
// The smallest files each format's signature makes recognisable.
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(20),
]);

describe.each(ENGINES)("media uploads and episodes on %s", (engine) => {
  const admin = adminSite(engine);
  const { site, upload } = admin;
  const json = (method: string, p: string, body?: unknown) => admin.json(method, p, body);
  const bucketFiles = (bucket: string) => {
    const dir = path.join(site.testDb.dataDir, "media", bucket);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  it("stores images and audio under a name made from their content, served at once with the same bytes", async () => {
    const jpeg = await upload("weekly-summary-pics", JPEG, "Barrel House (final).JPG");
    expect(jpeg.status).toBe(201);
    expect(jpeg.body).toMatchObject({
      bucket: "weekly-summary-pics",
      type: "image/jpeg",
      bytes: JPEG.length,
      created: true,
    });
    expect(jpeg.body.file).toMatch(/^barrel-house-final-[0-9a-f]{16}\.jpg$/);
    expect(jpeg.body.url).toBe(`/media/weekly-summary-pics/${jpeg.body.file as string}`);
    const served = await fetch(`${site.server.url}${jpeg.body.url as string}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(JPEG)).toBe(true);

    // The same bytes again: the same name, nothing new stored.
    expect(await upload("weekly-summary-pics", JPEG, "Barrel House (final).JPG")).toMatchObject({
      status: 200,
      body: { file: jpeg.body.file, created: false },
    });
    expect((await upload("weekly-summary-pics", PNG, "chart.png")).body).toMatchObject({ type: "image/png" });
    expect((await upload("weekly-summary-pics", WEBP)).body.file).toMatch(/^[0-9a-f]{16}\.webp$/);
    expect((await upload("podcast-episodes", MP3, "ep.mp3")).body).toMatchObject({
      type: "audio/mpeg",
      bytes: MP3.length,
    });
    expect(bucketFiles("weekly-summary-pics").filter((f) => f.startsWith("."))).toEqual([]);
  });

  it("judges the type from the bytes, not the name, and refuses wrong types, oversize files, path tricks and forms", async () => {
    const before = [bucketFiles("weekly-summary-pics"), bucketFiles("podcast-episodes")];
    expect(await upload("podcast-episodes", JPEG, "episode.mp3")).toEqual({
      status: 400,
      body: { error: "file: must be an MP3 or M4A audio file (this one is image/jpeg)" },
    });
    expect(await upload("weekly-summary-pics", MP3, "photo.jpg")).toEqual({
      status: 400,
      body: { error: "file: must be a JPEG, PNG or WebP image (this one is audio/mpeg)" },
    });
    expect(
      await upload("weekly-summary-pics", Buffer.from("just some text pretending to be a picture"), "x.jpg"),
    ).toEqual({
      status: 400,
      body: { error: "file: must be a JPEG, PNG or WebP image (this one is of an unknown type)" },
    });
    expect(await upload("weekly-summary-pics", Buffer.alloc(0))).toEqual({
      status: 400,
      body: { error: "file: the upload is empty" },
    });
    expect(await upload("weekly-summary-pics", Buffer.alloc(10 * 1024 * 1024 + 1), "big.jpg")).toEqual({
      status: 413,
      body: { error: "file: must be at most 10 MB" },
    });
    for (const trick of ["../../etc/passwd", "..\\win.jpg", "sub/dir.jpg", ".htaccess"])
      expect(await upload("weekly-summary-pics", JPEG, trick), trick).toEqual({
        status: 400,
        body: { error: "name: must be a plain file name, without folders" },
      });
    expect((await upload("../etc", JPEG)).status).toBe(404);
    expect((await upload("private", JPEG)).status).toBe(404);
    const form = await upload("weekly-summary-pics", JPEG, undefined, {
      "Content-Type": "multipart/form-data; boundary=x",
    });
    expect(form.status).toBe(415);
    expect([bucketFiles("weekly-summary-pics"), bucketFiles("podcast-episodes")]).toEqual(before);
  });

  it("publishes an episode from an uploaded file with its duration and size, shown on the page and in the feeds at once", async () => {
    const audio = await upload("podcast-episodes", MP3, "holiday resets.mp3");
    const created = await json("POST", "/api/admin/episodes", {
      date: "2026-11-21",
      title: "Saturday shot: the feeds are live",
      description: "A published test episode.",
      weekly_daily: "daily",
      mp3_file: audio.body.file,
    });
    expect(created.status).toBe(201);
    const episode = created.body!.episode as Record<string, unknown>;
    expect(episode).toMatchObject({
      weekly_daily: "daily",
      mp3_file: audio.body.file,
      byte_size: MP3.length,
      audio_url: audio.body.url,
    });
    expect(episode.duration_seconds).toBeGreaterThan(0);
    expect(episode.guid).toMatch(/^[0-9a-f-]{36}$/);

    expect(
      ((await (await fetch(`${site.server.url}/api/episodes/latest`)).json()) as { episode: { id: number } }).episode
        .id,
    ).toBe(episode.id);
    expect(await (await fetch(`${site.server.url}/podcast`)).text()).toContain("Saturday shot: the feeds are live");
    for (const feed of ["/feeds/podcast.xml", "/feeds/daily.xml"])
      expect(await (await fetch(`${site.server.url}${feed}`)).text()).toContain(
        `<guid isPermaLink="false">${episode.guid as string}</guid>`,
      );
    expect(await (await fetch(`${site.server.url}/feeds/weekly.xml`)).text()).not.toContain(episode.guid as string);

    // Moving it to the weekly series and renaming it; the guid never changes.
    const moved = await json("PATCH", `/api/admin/episodes/${episode.id}`, {
      weekly_daily: "weekly",
      title: "Renamed",
    });
    expect(moved.body!.episode).toMatchObject({
      weekly_daily: "weekly",
      title: "Renamed",
      guid: episode.guid,
      duration_seconds: episode.duration_seconds,
    });
    expect(await (await fetch(`${site.server.url}/feeds/weekly.xml`)).text()).toContain(episode.guid as string);

    expect((await json("DELETE", `/api/admin/episodes/${episode.id}`)).status).toBe(204);
    expect(await (await fetch(`${site.server.url}/feeds/podcast.xml`)).text()).not.toContain(episode.guid as string);
    expect(await json("DELETE", `/api/admin/episodes/${episode.id}`)).toEqual({
      status: 404,
      body: { error: "Episode not found" },
    });
  });

  it("refuses bad episodes with a 400 naming the field, and changes nothing", async () => {
    const list = async () => (await (await fetch(`${site.server.url}/api/episodes`)).json()) as unknown;
    const before = await list();
    const good = { date: "2026-11-22", title: "T", description: "D", weekly_daily: "daily" };
    const cases: Array<[unknown, string]> = [
      [{ ...good, weekly_daily: "monthly" }, "weekly_daily: must be daily or weekly"],
      [{ ...good, date: "2026-13-01" }, "date: must be a date as YYYY-MM-DD"],
      [{ ...good, title: "" }, "title: must not be empty"],
      [
        { ...good, mp3_file: "../secret.mp3" },
        "mp3_file: must be a plain file name (letters, digits, '.', '_' or '-'; no folders)",
      ],
      [
        { ...good, mp3_file: "never-uploaded.mp3" },
        "mp3_file: no file named never-uploaded.mp3 in podcast-episodes; upload it first",
      ],
      [{ ...good, guid: "mine" }, "Unknown field: guid"],
    ];
    for (const [body, error] of cases)
      expect(await json("POST", "/api/admin/episodes", body), error).toEqual({ status: 400, body: { error } });
    expect(await json("PATCH", "/api/admin/episodes/999999", { title: "x" })).toEqual({
      status: 404,
      body: { error: "Episode not found" },
    });
    expect(await list()).toEqual(before);
  });
});

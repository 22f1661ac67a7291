import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadDemoEpisodes, loadDemoRecaps } from "./demo-content.ts";

// The demo seed takes its text the way the publishing API does (issue 38): a character
// that would break the feeds stops the seed with the file and the place.
describe("the demo content", () => {
  it("loads, every file passing the publishing rules", async () => {
    expect((await loadDemoRecaps()).length).toBeGreaterThan(0);
    expect((await loadDemoEpisodes()).length).toBeGreaterThan(0);
  });

  it("refuses a recap file or an episode holding a character that breaks feeds, naming the file and the place", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "demo-content-"));
    try {
      await fs.mkdir(path.join(dir, "recaps"));
      await fs.writeFile(
        path.join(dir, "recaps", "bad.md"),
        "---\ndate: 2026-11-20\nheadline: Fine\n---\n\nA \u000b tab\n",
      );
      await expect(loadDemoRecaps(path.join(dir, "recaps"))).rejects.toThrow(
        "content/recaps/bad.md: must not contain control characters (U+000B at line 6, column 3)",
      );
      const episodes = path.join(dir, "episodes.json");
      const episode = {
        key: "k",
        date: "2026-11-20",
        description: "Fine",
        weekly_daily: "daily",
        mp3_file: null,
        script: null,
      };
      await fs.writeFile(episodes, JSON.stringify([{ ...episode, title: "Bad\u0085title" }]));
      await expect(loadDemoEpisodes(episodes)).rejects.toThrow(
        "content/episodes.json: 0.title must not contain control characters (U+0085 at character 4)",
      );
      await fs.writeFile(episodes, JSON.stringify([{ ...episode, title: "Two\nlines" }]));
      await expect(loadDemoEpisodes(episodes)).rejects.toThrow(
        "content/episodes.json: 0.title must be one line, without tabs or line breaks (U+000A at character 4)",
      );
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

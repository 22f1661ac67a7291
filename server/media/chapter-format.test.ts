import { describe, expect, it } from "vitest";
import { chaptersJson, parseChapters } from "./chapter-format.ts";

describe("chapters", () => {
  it("reads Podcasting 2.0 JSON chapters and simple lines into the same JSON", () => {
    const fromJson = parseChapters(
      JSON.stringify({
        version: "1.2.0",
        chapters: [
          { startTime: 0, title: "Intro", img: "x.jpg" },
          { startTime: 95.5, title: "Agave" },
        ],
      }),
    );
    expect(fromJson).toEqual([
      { startTime: 0, title: "Intro" },
      { startTime: 95.5, title: "Agave" },
    ]);
    const fromLines = parseChapters("0:00 Intro\n\n1:35 Agave\n1:02:03 Late\n");
    expect(fromLines).toEqual([
      { startTime: 0, title: "Intro" },
      { startTime: 95, title: "Agave" },
      { startTime: 3723, title: "Late" },
    ]);
    expect(JSON.parse(chaptersJson(fromLines))).toEqual({ version: "1.2.0", chapters: fromLines });
  });

  it("refuses bad chapters naming the line", () => {
    expect(() => parseChapters("0:00 Intro\nabout a minute in: Agave\n")).toThrow('line 2: expected "mm:ss Title"');
    expect(() => parseChapters("0:00 Intro\n\n0:00 Again\n")).toThrow("line 3: chapters must be in time order");
    expect(() => parseChapters('{\n  "chapters": [\n')).toThrow("not valid JSON");
    expect(() => parseChapters('{"chapters": [{"startTime": -1, "title": "x"}]}')).toThrow(
      "line 1: chapters.0.startTime",
    );
    expect(() => parseChapters("\n\n")).toThrow("line 1: no chapters");
  });
});

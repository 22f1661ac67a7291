import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it, vi } from "vitest";

// The wall's lint rules (eslint.config.js, eslint-wall.js), run through ESLint's Node API on
// snippets given the path they would have: each rule must fire where the wall is crossed and
// stay quiet where it is not. The files named need not exist.
const ROOT = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;

// Linting is CPU work, and CI's two cores are shared with other test files.
vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, "eslint.config.js") });
  // Loads the parser and the rules, and has wall/server-suffix read every route module once.
  await eslint.lintText("export {};\n", { filePath: "server/warm-up.server.ts" });
}, 120_000);

/** The messages of the wall's rules for `code` at `filePath`. */
async function wall(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result, `${filePath} is not linted`).toBeDefined();
  return result!.messages
    .filter((m) => /^(wall\/|no-restricted-imports$|@typescript-eslint\/no-restricted-imports$)/.test(m.ruleId ?? ""))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const UI = ["app/features/chat", "app/components", "app/hooks", "app/lib", "app/islands"];

describe("zod stays at the server boundary", () => {
  it.each(UI)("refuses zod in %s", async (folder) => {
    const messages = await wall(`${folder}/form.ts`, 'import { z } from "zod";\nexport const name = z.string();\n');
    expect(messages).toEqual([expect.stringMatching(/^no-restricted-imports: .*zod belongs at the server boundary/)]);
  });

  it("refuses zod's subpaths and a lazy import of zod", async () => {
    expect(
      await wall("app/features/desk/form.ts", 'import { z } from "zod/v4";\nexport const n = z.number();\n'),
    ).toEqual([expect.stringMatching(/zod belongs at the server boundary/)]);
    expect(await wall("app/components/form.ts", 'export const load = () => import("zod");\n')).toEqual([
      expect.stringMatching(/^wall\/no-restricted-dynamic-import: import\("zod"\): zod belongs at the server boundary/),
    ]);
  });

  it("lets route modules (their actions) and server/ use zod", async () => {
    const code = 'import { z } from "zod";\nexport const name = z.string();\n';
    expect(await wall("app/routes/admin/form.tsx", code)).toEqual([]);
    expect(await wall("server/http/form.ts", code)).toEqual([]);
  });
});

describe("features do not import each other", () => {
  const CROSSING =
    /^wall\/feature-boundaries: app\/features\/desk imports app\/features\/recap: features do not import each other/;

  it.each([
    ['import { excerpt } from "../recap/recap-text";', "a relative path"],
    ['import { excerpt } from "#app/features/recap/recap-text.ts";', "the #app alias"],
    ['import { excerpt } from "../../features/recap/recap-text";', "a path through app/"],
    ['export { excerpt } from "../recap/recap-text";', "a re-export"],
    ['export const load = () => import("../recap/recap-text");', "a dynamic import"],
  ])("refuses %s (%s)", async (line) => {
    expect(await wall("app/features/desk/editor.tsx", `${line}\nexport const x = 1;\n`)).toEqual([
      expect.stringMatching(CROSSING),
    ]);
  });

  it("allows a feature's own files, shared UI and common/", async () => {
    const code = [
      'import { deskText } from "./desk-text";',
      'import { DateText } from "../../components/date-text";',
      'import { excerpt } from "../../lib/excerpt";',
      'import { type Recap } from "#common/content/recap.ts";',
      "export const all = [deskText, DateText, excerpt] as unknown as Recap;",
      "",
    ].join("\n");
    expect(await wall("app/features/desk/editor.tsx", code)).toEqual([]);
  });

  it("refuses a feature in shared UI (components, hooks, lib): shared code flows down", async () => {
    for (const [file, from] of [
      ["app/components/search-box.tsx", "../features/search/search-results"],
      ["app/hooks/use-search.ts", "#app/features/search/search-results.tsx"],
      ["app/lib/search.ts", "../features/search/search-results"],
    ]) {
      expect(await wall(file!, `import { SearchResults } from "${from}";\nexport const x = SearchResults;\n`)).toEqual([
        expect.stringMatching(
          /^wall\/feature-boundaries: Shared UI code imports app\/features\/search: shared code flows down/,
        ),
      ]);
    }
  });

  it("lets the islands' registry and route modules import any feature", async () => {
    const code = 'import { AudioPlayer } from "../features/podcast/audio-player";\nexport const x = AudioPlayer;\n';
    expect(await wall("app/islands/mount-island.tsx", code)).toEqual([]);
    expect(await wall("app/routes/podcast.tsx", code)).toEqual([]);
  });
});

describe("import() does not cross the wall", () => {
  it.each([
    ["app/features/chat/lazy.ts", 'import("../../../server/config.ts")', /UI code never imports server\//],
    ["app/components/lazy.ts", 'import("#server/analyst/hub-index.ts")', /UI code never imports server\//],
    ["app/islands/lazy.ts", "import(`#server/chat/${name}.ts`)", /UI code never imports server\//],
    ["app/hooks/lazy.ts", 'import("node:fs")', /no Node built-ins/],
    ["app/lib/lazy.ts", 'import("kysely")', /no drivers or server libraries/],
    ["common/chat/lazy.ts", 'import("#app/lib/tools.ts")', /common\/ imports neither app\/ nor server\//],
    ["common/chat/lazy.ts", 'import("../../server/config.ts")', /common\/ imports neither app\/ nor server\//],
    ["common/chat/lazy.ts", 'import("pg")', /no drivers, server libraries or schemas/],
    ["server/http/lazy.ts", 'import("#app/root.tsx")', /server\/ never imports app\//],
    ["app/routes/lazy.tsx", 'import("#server/db/client.ts")', /only through a \*\.server\.ts module/],
  ])("refuses in %s: %s", async (file, call, message) => {
    const messages = await wall(file, `const name = "x";\nexport const load = () => ${call};\n`);
    expect(messages).toEqual([expect.stringMatching(/^wall\/no-restricted-dynamic-import: import\(/)]);
    expect(messages[0]).toMatch(message);
  });

  it("allows lazy imports inside a side of the wall", async () => {
    expect(
      await wall("app/components/lazy.ts", 'export const load = () => import("./comments/comments-body");\n'),
    ).toEqual([]);
    expect(
      await wall("app/routes/lazy.tsx", 'export const load = () => import("#server/data/recaps.server.ts");\n'),
    ).toEqual([]);
    expect(await wall("server/media/lazy.ts", 'export const load = () => import("./s3-store.ts");\n')).toEqual([]);
  });

  it("still refuses the static imports (one list for both)", async () => {
    expect(
      await wall(
        "app/features/chat/x.ts",
        'import { loadConfig } from "#server/config.ts";\nexport const x = loadConfig;\n',
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*UI code never imports server\//)]);
  });
});

describe("the .server rule: a server module is *.server.ts exactly when a route module imports it", () => {
  const SUFFIX = /^wall\/server-suffix: No route module imports this module/;

  it("refuses the suffix on a module no route imports", async () => {
    expect(await wall("server/chat/nobody-imports-this.server.ts", "export const x = 1;\n")).toEqual([
      expect.stringMatching(SUFFIX),
    ]);
  });

  it("does not count a type-only import (app/routes/admin/episode-edit.tsx names AudioFacts)", async () => {
    expect(await wall("server/media/audio-facts.server.ts", "export interface AudioFacts {}\n")).toEqual([
      expect.stringMatching(SUFFIX),
    ]);
  });

  it("accepts the suffix on a module a route imports, and a plain name on one it does not", async () => {
    expect(await wall("server/data/recaps.server.ts", "export const x = 1;\n")).toEqual([]);
    expect(await wall("server/desk/sessions.server.ts", "export const x = 1;\n")).toEqual([]);
    expect(await wall("server/chat/nobody-imports-this.ts", "export const x = 1;\n")).toEqual([]);
  });

  it("refuses a plain name on a module a route imports (the routes zone)", async () => {
    expect(
      await wall(
        "app/routes/recap.tsx",
        'import { loadConfig } from "#server/config.ts";\nexport const x = loadConfig;\n',
      ),
    ).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*only through a \*\.server\.ts module/),
    ]);
  });
});

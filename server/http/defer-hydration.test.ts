import { describe, expect, it } from "vitest";
import { deferHydration, PRELOADS_PER_TASK } from "./defer-hydration.ts";

const PAGE = `<html><head></head><body><main>Hi</main><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/><script>window.__reactRouterContext = {};</script><script type="module" async="">;
import * as route0 from "/assets/root-B.js";
import * as route1 from "/assets/recap-C.js";
window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};
window.__reactRouterRouteModules = {"root":route0,"routes/recap":route1};

import("/assets/entry.client-A.js");</script></body></html>`;

describe("deferHydration", () => {
  it("moves React Router's preloads and imports to after the load event, keeping everything else", async () => {
    const out = deferHydration(PAGE);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(out).toContain('addEventListener("load"');
    expect(out).toContain('const preload=["/assets/entry.client-A.js","/assets/root-B.js"]');
    expect(out).toContain(
      'const [route0,route1]=await Promise.all([import("/assets/root-B.js"),import("/assets/recap-C.js")])',
    );
    expect(out).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/recap":route1};');
    expect(out).toContain('import("/assets/entry.client-A.js");');
    // The rewritten script is valid JavaScript (a module body: top-level code in an async function).
    const body = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1]!;
    expect(() => new Function(body.replaceAll(/import\(/g, "load("))).not.toThrow();
  });

  it("adds the preloads a few per task, yielding between, all before the route modules are imported", async () => {
    const many = Array.from({ length: 20 }, (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js"/>`);
    const out = deferHydration(PAGE.replace("<main>Hi</main>", `<main>Hi</main>${many.join("")}`));
    const body = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1]!;
    // The script run against a page that has loaded: each task's additions and imports, in order.
    const tasks: string[][] = [[]];
    const timers: Array<() => void> = [];
    const document = {
      readyState: "complete",
      createElement: () => ({}) as { rel?: string; href?: string },
      head: { append: (link: { rel?: string; href: string }) => tasks.at(-1)!.push(`${link.rel} ${link.href}`) },
    };
    const run = new Function(
      "document",
      "setTimeout",
      "load",
      "window",
      `return (async () => {${body.replaceAll("import(", "load(")}})()`,
    );
    const done = run(
      document,
      (task: () => void) => timers.push(task),
      (url: string) => {
        tasks.at(-1)!.push(`import ${url}`);
        return Promise.resolve({});
      },
      {},
    ) as Promise<void>;
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      const next = timers.shift();
      if (!next) break;
      tasks.push([]);
      next();
    }
    await done;
    const steps = tasks.flat();
    const links = steps.filter((step) => step.startsWith("modulepreload /assets/"));
    expect(links).toHaveLength(22);
    expect(Math.max(...tasks.map((t) => t.filter((step) => step.startsWith("modulepreload")).length))).toBe(
      PRELOADS_PER_TASK,
    );
    expect(tasks.length).toBe(Math.ceil(22 / PRELOADS_PER_TASK));
    // Every preload is added before the first import.
    expect(steps.slice(links.length)).toEqual([
      "import /assets/root-B.js",
      "import /assets/recap-C.js",
      "import /assets/entry.client-A.js",
    ]);
  });

  it("leaves a page it does not recognise as it was", () => {
    expect(deferHydration("<html><body>plain</body></html>")).toBe("<html><body>plain</body></html>");
    const stillStatic = PAGE.replace('import("/assets/entry.client-A.js");', 'import "/assets/other.js";');
    expect(deferHydration(stillStatic)).toBe(stillStatic);
  });
});

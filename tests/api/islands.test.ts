import { describe, expect, it } from "vitest";
import { serverForTests } from "../support/server-for-tests.ts";

describe("pages with islands (recap detail, podcast)", () => {
  const handle = serverForTests();

  it("ship no app scripts before their first paint, only a loader that fetches the islands after load", async () => {
    const recaps = (await (await fetch(`${handle.server.url}/api/recaps?limit=1`)).json()) as {
      recaps: Array<{ id: number }>;
    };
    for (const path of [`/recap/${recaps.recaps[0]!.id}`, "/podcast"]) {
      const html = await (await fetch(handle.server.url + path)).text();
      expect(html, path).not.toContain("modulepreload");
      expect(html, path).not.toMatch(/entry\.client/);
      expect(html, path).toContain('data-island="comments"');
      const script = /go=\(\)=>import\("(\/assets\/islands-entry-[^"]+\.js)"\)/.exec(html)?.[1];
      expect(script, path).toBeDefined();
      const res = await fetch(handle.server.url + script);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/javascript/);
      // The site configuration the islands read, and nothing secret in it.
      const site = JSON.parse(
        /<script type="application\/json" id="site-config">([^<]*)<\/script>/.exec(html)![1]!,
      ) as Record<string, string>;
      expect(Object.keys(site).sort()).toEqual([
        "assistantName",
        "brand",
        "companyUrl",
        "linkedinUrl",
        "newsletterOpen",
        "siteUrl",
      ]);
    }
    // Pages that hydrate keep the router's scripts, started after the load event (server/http/defer-hydration.ts).
    const hydrated = await (await fetch(`${handle.server.url}/recap`)).text();
    expect(hydrated).not.toContain('<link rel="modulepreload"');
    expect(hydrated).toMatch(/const preload=\["\/assets\/entry\.client-[^"]+\.js"/);
    expect(hydrated).toContain('addEventListener("load"');
  });
});

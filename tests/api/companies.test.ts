import { describe, expect, it } from "vitest";
import { COMPANIES } from "#server/content/companies.server.ts";
import { serverForTests } from "../support/server-for-tests.ts";

// The dataset is a file, not a table: one engine is enough here.
const site = serverForTests({});

type Listed = { rank: number; id: number; name: string; type: string; profile: Record<string, string> };
const list = async (query = "") => {
  const res = await fetch(`${site.server.url}/api/companies${query}`);
  return { status: res.status, body: (await res.json()) as { companies?: Listed[]; error?: string } };
};

describe("GET /api/companies", () => {
  it("lists all 50 with their rank within their table and full profiles", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.companies).toHaveLength(50);
    expect(body.companies![0]).toMatchObject({ rank: 1, id: 1, name: COMPANIES[0]!.name, type: "manufacturer" });
    expect(body.companies![25]).toMatchObject({ rank: 1, id: 26, type: "distributor" });
    expect(body.companies![49]).toMatchObject({ rank: 25, id: COMPANIES[49]!.id });
    expect(body.companies![7]!.profile.overview).toBe(COMPANIES[7]!.profile!.overview);
  });

  it("filters by type and by a search across name, location and brands", async () => {
    expect((await list("?type=distributor")).body.companies!.every((c) => c.type === "distributor")).toBe(true);
    const names = (await list("?q=grey%20goose")).body.companies!.map((c) => c.name);
    expect(names).toContain("Bacardi USA"); // a key brand
    expect(names).toContain("Fedway Associates"); // a distributor's focus
    expect((await list("?q=louisville")).body.companies!.map((c) => c.name)).toEqual(["Brown-Forman"]);
    expect((await list("?q=no-such-thing")).body.companies).toEqual([]);
  });

  it("answers 400 with a message for a bad type or an overlong search", async () => {
    expect(await list("?type=brewer")).toEqual({
      status: 400,
      body: { error: "type must be manufacturer or distributor" },
    });
    expect(await list(`?q=${"x".repeat(201)}`)).toEqual({
      status: 400,
      body: { error: "q must be at most 200 characters" },
    });
  });
});

describe("GET /api/companies/:id", () => {
  it("gives one company with every claim's citations and its sources, what an opened profile fetches", async () => {
    const cited = COMPANIES.find((c) => c.claims)!;
    const res = await fetch(`${site.server.url}/api/companies/${cited.id}`);
    expect(res.status).toBe(200);
    const { company } = (await res.json()) as { company: typeof cited };
    expect(company.sources.length).toBeGreaterThan(0);
    expect(company.claims).toEqual(cited.claims);
    for (const bad of ["0", "51", "abc", "1e3"]) {
      const missing = await fetch(`${site.server.url}/api/companies/${bad}`);
      expect(missing.status, bad).toBe(404);
      expect(await missing.json()).toEqual({ error: "Company not found" });
    }
  });

  it("leaves the citations out of the Explorer's page but for the profile its address opens", async () => {
    const cited = COMPANIES.find((c) => c.claims)!;
    const source = cited.sources[0]!;
    const page = await (await fetch(`${site.server.url}/explorer`)).text();
    expect(page).not.toContain(source.url);
    const opened = await (await fetch(`${site.server.url}/explorer?company=${cited.id}`)).text();
    expect(opened).toContain(source.url);
  });

  it("says 'Not published' for a company whose key brands no publisher's page names, in its row and its profile", async () => {
    const unnamed = COMPANIES.find((c) => c.keyBrands.length === 0)!;
    const page = await (await fetch(`${site.server.url}/explorer?company=${unnamed.id}`)).text();
    const cell = page.indexOf(`text-ink-950">${unnamed.name}</span>`);
    expect(cell).toBeGreaterThan(0);
    const row = page.slice(cell, page.indexOf("</tr>", cell));
    expect(row).toContain("Not published");
    const profile = page.slice(page.lastIndexOf("Key Brands"));
    expect(profile.slice(0, 300)).toContain("Not published");
  });
});

describe("GET /api/companies.csv", () => {
  const csv = async (query: string) => {
    const res = await fetch(`${site.server.url}/api/companies.csv${query}`);
    return { res, text: await res.text() };
  };

  it("downloads a table's filtered rows in its displayed order, as UTF-8 CSV with a file name", async () => {
    const { res, text } = await csv("?type=manufacturer&q=bacardi&sort=descending");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="top-25-us-alcohol-manufacturers-2024.csv"',
    );
    // fetch's text() drops the byte-order mark; the bytes keep it.
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Rank,Company,Location,Key Brands");
    const bacardi = COMPANIES.findIndex((c) => c.name === "Bacardi USA");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([String(bacardi + 1)]);
    expect(lines[1]).toBe(`${bacardi + 1},Bacardi USA,"Coral Gables, FL",${COMPANIES[bacardi]!.keyBrands.join("; ")}`);
  });

  it("keeps the original ranks when descending and starts with a byte-order mark", async () => {
    const res = await fetch(`${site.server.url}/api/companies.csv?type=distributor&sort=descending`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Rank,Company,Location,Revenue,Coverage,Focus Area");
    expect(lines).toHaveLength(26);
    expect(lines[1]!.startsWith(`25,${COMPANIES[49]!.name},`)).toBe(true);
    expect(lines[25]!.startsWith(`1,${COMPANIES[25]!.name},`)).toBe(true);
  });

  it("answers 400 when the table is missing or the sort is unknown", async () => {
    const missing = await csv("");
    expect(missing.res.status).toBe(400);
    expect(JSON.parse(missing.text)).toEqual({ error: "type must be manufacturer or distributor" });
    const badSort = await csv("?type=manufacturer&sort=sideways");
    expect(badSort.res.status).toBe(400);
    expect(JSON.parse(badSort.text)).toEqual({ error: "sort must be none, ascending or descending" });
  });
});

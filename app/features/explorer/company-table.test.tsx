import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Company } from "#common/content/company.ts";
import { rankedTable } from "#common/content/company-query.ts";
import { CompanyTable } from "./company-table";

// The built-in companies all have profiles; the spec's "Coming soon" path is proved on a fixture.
const base = {
  location: "Austin, TX",
  type: "manufacturer" as const,
  keyBrands: ["Brand"],
  ownership: "Privately held",
  sources: [{ title: "Example", publisher: "Example Inc.", date: "2024", url: "https://example.com/" }],
};
const profile = {
  overview: "o",
  founded: "1999",
  employees: "~10",
  marketPosition: "m",
  strategy: "s",
  recentDevelopments: "r",
};
const FIXTURE: Company[] = [
  { id: 1, name: "Profiled Co", ...base, profile },
  { id: 2, name: "Unprofiled Co", ...base },
];

function render() {
  return renderToString(
    <CompanyTable
      id="t"
      title="Fixture table"
      rows={rankedTable(FIXTURE, "manufacturer")}
      total={2}
      query=""
      sort="none"
      onCycleSort={() => {}}
      columns={[{ header: "Company", cell: (row) => row.company.name }]}
      csvHref="/api/companies.csv?type=manufacturer"
      emptyText="None"
      onOpen={() => {}}
    />,
  );
}

describe("CompanyTable", () => {
  it("shows 'View Profile' for a company with a profile and 'Coming soon', with nothing to click, for one without", () => {
    const html = render();
    const rows = html.split("<tr").slice(2); // header row first
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("View Profile");
    expect(rows[0]).toContain("cursor-pointer");
    expect(rows[1]).toContain("Coming soon");
    expect(rows[1]).not.toMatch(/<button|<a |cursor-pointer|View Profile/);
  });
});

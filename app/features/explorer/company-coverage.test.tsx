import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Company } from "#common/content/company.ts";
import { quarterOf, type CompanyCoverage } from "#common/search/company-coverage.ts";
import { CompanyCoverageSection } from "./company-coverage";

const company = { id: 4, name: "Diageo North America" } as Company;
const coverage: CompanyCoverage = {
  company_id: 4,
  recaps: [
    {
      id: 9,
      date: "2026-02-01",
      headline: "Holiday resets",
      url: "/recap/9",
      term: "Crown Royal",
      snippet: { text: "Crown Royal gift packs", marks: [[0, 11]] },
    },
  ],
  moments: [
    {
      episode_id: 3,
      date: "2026-02-10",
      title: "Timed",
      series: "daily",
      seconds: 72,
      url: "/podcast?episode=3#episode-3&t=72",
      term: "Diageo",
      snippet: { text: "And Diageo again.", marks: [[4, 10]] },
    },
  ],
  totals: { recaps: 12, episodes: 4 },
  next_cursor: "abc",
};

// What the server sends for /explorer?company=…: the lists themselves, and paging as a link until scripts run.
describe("CompanyCoverageSection on the server", () => {
  it("renders the coverage it is given, with the moment's second, and More coverage as a link", () => {
    const html = renderToString(<CompanyCoverageSection company={company} initial={coverage} />);
    expect(html).toContain("Coverage on the hub");
    expect(html).toContain('<a href="/recap/9"');
    expect(html).toContain("Holiday resets");
    expect(html).toContain('href="/podcast?episode=3#episode-3&amp;t=72"');
    expect(html).toContain("Timed<!-- -->, at 1:12");
    expect(html).toContain("12 recaps and 4 episodes name this company.");
    expect(html).toContain('href="/search?q=Diageo+North+America&amp;kind=recap"');
    expect(html).toContain("<mark");
  });

  it("says it is loading when it has nothing yet, and says so when the hub has not covered the company", () => {
    expect(renderToString(<CompanyCoverageSection company={company} initial={null} />)).toContain("Loading coverage…");
    const none = { ...coverage, recaps: [], moments: [], totals: { recaps: 0, episodes: 0 }, next_cursor: null };
    expect(renderToString(<CompanyCoverageSection company={company} initial={none} />)).toContain(
      "The hub has not covered Diageo North America yet.",
    );
  });
});

describe("quarterOf", () => {
  it("is the calendar quarter holding the day", () => {
    expect(quarterOf("2026-02-15")).toEqual({ from: "2026-01-01", to: "2026-03-31", label: "Q1 2026" });
    expect(quarterOf("2026-04-01")).toEqual({ from: "2026-04-01", to: "2026-06-30", label: "Q2 2026" });
    expect(quarterOf("2024-12-31")).toEqual({ from: "2024-10-01", to: "2024-12-31", label: "Q4 2024" });
  });
});

import { describe, expect, it } from "vitest";
import { asksCoverage } from "./coverage-answer.ts";

describe("asksCoverage", () => {
  it("hears the ways readers ask what the hub has said about a company", () => {
    for (const q of [
      "What has the hub said about Sazerac this year?",
      "what have you written about diageo",
      "What did the recaps say about Brown-Forman?",
      "Has Proofline covered Breakthru Beverage?",
      "any coverage of Constellation lately",
      "where did the podcast mention Tito's?",
      "recaps mentioning Heaven Hill",
    ])
      expect(asksCoverage(q), q).toBe(true);
  });

  it("leaves fact, ranking and topic questions to the analyst", () => {
    for (const q of [
      "Where is Sazerac headquartered?",
      "Who owns SVEDKA?",
      "Who are the top 10 distributors?",
      "What's trending in tequila in New York?",
      "How big is Diageo compared with Pernod?",
    ])
      expect(asksCoverage(q), q).toBe(false);
  });
});

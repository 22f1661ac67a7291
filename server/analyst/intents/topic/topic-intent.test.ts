import { describe, expect, it } from "vitest";
import { analystAskers, DEMO_NOW } from "../../../../tests/support/analyst-askers.ts";
import { demoHub } from "../../../../tests/support/demo-hub.ts";
import { topicIntent } from "./topic-intent.ts";

const hub = demoHub("topic-");
const { routed, context, recapUrl, link, converse } = analystAskers(hub, DEMO_NOW);

describe("the topic intent", () => {
  it("quotes the covering recaps first, each point cited, then lists the sources", async () => {
    const { intent, markdown } = routed("What's trending in tequila in New York?");
    expect(intent).toBe("topic");
    const says = markdown.indexOf("**What the hub says**");
    expect(says).toBeGreaterThan(0);
    expect(markdown.slice(says)).toMatch(/^\*\*What the hub says\*\*\n\n- .+\(\[Tequila's New York Moment/);
    expect(markdown).toContain(`(${await recapUrl("Tequila's New York Moment")})`);
    expect(markdown.indexOf("**Sources**")).toBeGreaterThan(says);
  });

  it("leads with what the covering recaps conclude, cited, and does not quote it twice", async () => {
    const { markdown } = routed("what's happening with bourbon inventories");
    const lead = markdown.split("\n")[2]!;
    expect(lead).toMatch(/^\*\*In short:\*\* Kentucky's warehouses hold more barrels than ever/);
    expect(lead).toContain(`(${await recapUrl("Bourbon Inventories")})`);
    expect(markdown.split("Kentucky's warehouses hold more barrels than ever")).toHaveLength(2);
    // The recap that covers it best concludes with its closing section too: its outlook, its advice.
    expect(lead).toMatch(
      /the question is margin, not demand\. \(\[Bourbon Inventories and the Pricing Question: Bottom line\]/,
    );
    expect(routed("rtd still growing or is the cooler getting too crowded now").markdown.split("\n")[2]).toContain(
      "Expect fewer launches and more cuts",
    );
    // Beside a company the question names, only a recap that names the company concludes on it.
    expect(
      converse(
        "who makes penelope bourbon?",
        "how did they get into branded spirits in a big way, and what did it cost?",
      ),
    ).not.toContain("**In short:**");
    // A question for the podcast leads with its episodes instead.
    expect(routed("any podcast on bourbon inventories?").markdown).not.toContain("**In short:**");
  });

  it("sets the companies a question names side by side, and quotes one named alone from its profile", () => {
    expect(routed("Diageo or Pernod, who's holding up better?").markdown).toContain("**How they compare**");
    const one = routed("What is MGP doing about bourbon inventories?").markdown;
    expect(one).toContain("**MGP Ingredients**");
    expect(one).toContain(link("MGP Ingredients"));
  });

  it("covers the sentence that asks, beside one that only sets the scene", async () => {
    // "Bulk" is the rarest word here, and no recap has it: weighed as half the topic, it sank the recaps on American whiskey.
    const { intent, markdown } = routed(
      "is american whiskey holding up or rolling over like everything else? seeing mixed signals on bulk whiskey",
    );
    expect(intent).toBe("topic");
    expect(markdown).toContain("American whiskey holds better");
    expect(markdown).toContain(`(${await recapUrl("Bourbon Inventories")})`);
    // A statement alone, with no question, is still the whole topic.
    expect(routed("seeing mixed signals on bulk whiskey").markdown).not.toContain("American whiskey holds better");
  });

  it("quotes first the sections that give what a question aims at: causes for why, advice for what to do", () => {
    const why = routed("why are folks buying fewer nice bottles lately - is premium actually dead?").markdown;
    expect(why).toContain("Household budgets");
    const advice = routed("where should the n/a spirits go in my store? give them their own section?").markdown;
    expect(advice).toContain("not in a corner");
  });

  it("quotes a recap's short section whole, to its last point", () => {
    expect(
      routed("training nyc bar staff on our agave brand - what do guests there actually care about?").markdown,
    ).toContain("bartenders favour additive-free claims");
  });

  it("takes every short turn no intent before it took, and no deep one", () => {
    expect(topicIntent.takes(context("What's trending in tequila?"))).toBe(true);
    expect(topicIntent.takes(context("What's trending in tequila?", true))).toBe(false);
  });
});

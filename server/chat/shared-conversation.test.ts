import { describe, expect, it } from "vitest";
import { SHARE_TITLE_MAX } from "#common/chat/shared-conversation.ts";
import type { HubIndex } from "../analyst/hub-index.ts";
import type { KeptAnswer } from "./kept-answers.ts";
import { sharedConversationHtml, shareTitle } from "./shared-conversation.server.ts";

// A share's page is rendered once and then sent as it is (issue 38), so what it holds must be
// safe as HTML whatever a provider wrote, and carry each citation's passage.

const answer = (over: Partial<KeptAnswer>): KeptAnswer => ({
  id: "AAAAAAAAAAAAAAAAAAAAAA",
  conversation: "c",
  question: "Who owns Buffalo Trace?",
  answer: "Sazerac.",
  sources: [],
  provider: "webhook",
  askedAt: "2026-11-24T15:00:00.000Z",
  answeredAt: "2026-11-24T15:00:02.000Z",
  ...over,
});

const index = {
  passages: [
    {
      id: "company-11",
      kind: "company",
      source: "Sazerac Company",
      url: "/explorer?company=11",
      text: "Sazerac Company, New Orleans, owns Buffalo Trace.",
    },
  ],
} as unknown as HubIndex;

describe("a shared conversation's page", () => {
  it("escapes what a question or an answer holds: no element, handler or script address gets through", async () => {
    const html = await sharedConversationHtml(
      [
        answer({
          question: `<img src=x onerror="alert(1)"> Who?`,
          answer: `<script>alert(2)</script>\n\n[click](javascript:alert(3)) <b onmouseover="alert(4)">x</b>`,
        }),
      ],
      undefined,
    );
    // Tags and attributes as the browser would read them (the escaped text still spells them, as text).
    expect(html).not.toMatch(/<script|<img|<b[\s>]|href="javascript:|onerror="|onmouseover="/i);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Who?");
  });

  it("numbers each citation and draws it with the passage read when it was shared", async () => {
    const text = "**Buffalo Trace** belongs to Sazerac ([Sazerac Company](/explorer?company=11)).";
    const html = await sharedConversationHtml(
      [answer({ answer: text, sources: [{ href: "/explorer?company=11", label: "Sazerac Company" }] })],
      index,
    );
    expect(html).toContain(
      '<a href="/explorer?company=11" aria-label="Source 1: Sazerac Company" aria-describedby="cite-1-1" class="cite-link">[1]</a>',
    );
    expect(html).toContain(
      '<span role="tooltip" id="cite-1-1" class="cite-tip"><b>Sazerac Company</b><span><q>Sazerac Company, New Orleans, owns Buffalo Trace.</q></span></span>',
    );
    // Without the hub's index (or a passage for it), the citation says where to read it.
    expect(await sharedConversationHtml([answer({ answer: text })], undefined)).toContain(
      "Open the source to read the passage.",
    );
  });

  it("gives each answer's citations ids of their own, in the order the conversation went", async () => {
    const cited = "A ([Sazerac Company](/explorer?company=11)). B ([Sazerac Company](/explorer?company=11)).";
    const html = await sharedConversationHtml(
      [
        answer({ answer: cited, answeredAt: "2026-11-24T15:00:02.000Z" }),
        answer({ question: "And then?", answer: cited }),
      ],
      index,
    );
    expect([...html.matchAll(/id="(cite-[\d-]+)"/g)].map((m) => m[1])).toEqual([
      "cite-1-1",
      "cite-1-2",
      "cite-2-1",
      "cite-2-2",
    ]);
    expect(html.indexOf("Who owns Buffalo Trace?")).toBeLessThan(html.indexOf("And then?"));
    expect(html.startsWith('<ol class="mt-6 flex flex-col gap-4">')).toBe(true);
    // One list, two items a turn.
    expect(html.match(/<li /g)).toHaveLength(4);
  });

  it("titles a share with its first question, on one line and cut at a word", () => {
    expect(shareTitle("  Who owns\n Buffalo   Trace? ")).toBe("Who owns Buffalo Trace?");
    const long = shareTitle(`${"tequila ".repeat(30)}?`);
    expect(long.length).toBeLessThanOrEqual(SHARE_TITLE_MAX);
    expect(long.endsWith("tequila…")).toBe(true);
  });
});

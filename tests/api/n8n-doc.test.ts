import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server.ts";
import { serverForTests } from "../support/server-for-tests.ts";

const TOKEN = "n8n-doc-admin-token-0123456789";

/** The importable workflow in docs/n8n-publish-recap.md, and its HTTP node's JSON body expression. */
function documentedBody(): string {
  const doc = fs.readFileSync(path.join(ROOT, "docs/n8n-publish-recap.md"), "utf8");
  const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const workflow = JSON.parse(blocks.find((b) => b.includes('"nodes"'))!) as {
    nodes: Array<{ parameters: { jsonBody?: string } }>;
  };
  const body = workflow.nodes.find((n) => n.parameters.jsonBody)!.parameters.jsonBody!;
  // An n8n expression: "=" then text with {{ … }} parts evaluated against $json.
  expect(body.startsWith("=")).toBe(true);
  return body.slice(1);
}

/** What n8n does with it: each {{ … }} evaluated with the item's fields as $json, pasted into the text. */
const evaluate = (template: string, $json: Record<string, unknown>) =>
  template.replace(/\{\{([\s\S]*?)\}\}/g, (_, expr: string) =>
    String(new Function("$json", `return (${expr});`)($json)),
  );

describe("the n8n workflow in docs/n8n-publish-recap.md", () => {
  const handle = serverForTests({ ADMIN_TOKEN: TOKEN, SEED_DEMO: "false" }, "sqlite");

  it("publishes a recap whose fields hold quotation marks, backslashes and line breaks, once per week", async () => {
    const item = {
      week_ending: "2026-11-27",
      headline: 'Tito\'s "Handmade" and a \\ backslash lead the week',
      markdown: '## The week\n\nA "quoted" line.',
      pull_quote: 'He said "holiday".',
      tags: ["RTD", "Holiday"],
    };
    const body = evaluate(documentedBody(), item);
    const post = () =>
      fetch(`${handle.server.url}/api/admin/recaps`, {
        method: "POST",
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
        body,
      });
    const first = await post();
    expect(first.status).toBe(201);
    const { recap } = (await first.json()) as {
      recap: { headline: string; content: string; snippets: string; tags: string[] };
    };
    expect(recap).toMatchObject({
      headline: item.headline,
      content: item.markdown,
      snippets: item.pull_quote,
      tags: item.tags,
    });
    expect((await post()).status).toBe(200);
    // Its own key, not the README's example one.
    expect(body).not.toContain('"weekly-2026-11-27"');
  });
});

import { describe, expect, it } from "vitest";
import type { ChatMessage } from "./chat-storage";
import { conversationMarkdown, exportFileName } from "./conversation-markdown";

const site = { brand: "Proofline", assistantName: "Eddy", siteUrl: "https://hub.example" };
const at = new Date(2026, 10, 24, 14, 5);
const messages: ChatMessage[] = [
  { id: "1", role: "assistant", text: "Hi! I'm Eddy…", at },
  { id: "2", role: "user", text: "  Who owns Tito's?  ", at },
  {
    id: "3",
    role: "assistant",
    text: "Connection issue detected. Retrying in 3 seconds... (Attempt 2/3)",
    at,
    temporary: true,
  },
  {
    id: "4",
    role: "assistant",
    text: "**Fifth Generation** ([profile](/explorer?company=12), [site](https://titos.example/)).",
    at,
  },
];

describe("a conversation as Markdown", () => {
  it("keeps each question and answer under its speaker and time, with the answer's links made absolute", () => {
    const md = conversationMarkdown(messages, site, at);
    expect(md).toBe(
      [
        "# A conversation with Eddy, Proofline",
        "",
        "Exported Nov 24, 2026, 2:05 PM from https://hub.example/chat. All insights are for informational use only.",
        "",
        "## You, Nov 24, 2026, 2:05 PM",
        "",
        "Who owns Tito's?",
        "",
        "## Eddy, Nov 24, 2026, 2:05 PM",
        "",
        "**Fifth Generation** ([profile](https://hub.example/explorer?company=12), [site](https://titos.example/)).",
        "",
      ].join("\n"),
    );
  });

  it("is named for the day it was exported", () => {
    expect(exportFileName(at)).toBe("conversation-2026-11-24.md");
  });
});

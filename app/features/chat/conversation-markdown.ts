import type { ChatMessage } from "./chat-storage";

export interface ExportSite {
  brand: string;
  assistantName: string;
  siteUrl: string;
}

/** Site-relative links of an answer ("](/explorer?company=4)") made absolute, so they work outside the site. */
const absoluteLinks = (markdown: string, siteUrl: string) => markdown.replace(/\]\(\/(?!\/)/g, `](${siteUrl}/`);

const when = (at: Date) => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(at);

/** The questions and answers of a conversation: without the greeting (an answer before any question) and retry notices. */
export const conversationTurns = (messages: ChatMessage[]) =>
  messages.filter((m, i) => !m.temporary && !(i === 0 && m.role === "assistant"));

/**
 * A conversation as one Markdown document a reader can keep or pass on: each
 * question and answer under its speaker and time, the answers as the assistant
 * wrote them, with their links made absolute. The greeting and retry notices are left out.
 */
export function conversationMarkdown(messages: ChatMessage[], site: ExportSite, exportedAt = new Date()): string {
  const turns = conversationTurns(messages);
  const parts = [
    `# A conversation with ${site.assistantName}, ${site.brand}`,
    `Exported ${when(exportedAt)} from ${site.siteUrl}/chat. All insights are for informational use only.`,
    ...turns.map((m) =>
      m.role === "user"
        ? `## You, ${when(m.at)}\n\n${m.text.trim()}`
        : `## ${site.assistantName}, ${when(m.at)}\n\n${absoluteLinks(m.text.trim(), site.siteUrl)}`,
    ),
  ];
  return `${parts.join("\n\n")}\n`;
}

/** The file's name: the day it was exported, in the reader's own calendar. */
export function exportFileName(exportedAt = new Date()): string {
  const day = [exportedAt.getFullYear(), exportedAt.getMonth() + 1, exportedAt.getDate()]
    .map((n) => String(n).padStart(2, "0"))
    .join("-");
  return `conversation-${day}.md`;
}

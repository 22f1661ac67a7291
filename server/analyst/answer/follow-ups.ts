import { COMPANIES, type Company } from "../../content/companies.server.ts";
import { rankOf, type FactIntent } from "../company-facts.ts";

/** Two or three questions the hub can answer next, about what this answer was about. */
export function followUps(companies: Company[], asked: FactIntent[], tags: string[]): string[] {
  const out: string[] = [];
  const c = companies[0];
  if (c) {
    const offers: Array<[FactIntent, string]> = [
      [
        "brands",
        c.type === "manufacturer" ? `What are ${c.name}'s key brands?` : `Which suppliers does ${c.name} carry?`,
      ],
      ["size", `How big is ${c.name}?`],
      ["owner", `Who owns ${c.name}?`],
      ["headquarters", `Where is ${c.name} headquartered?`],
      ["founded", `When was ${c.name} founded?`],
    ];
    out.push(
      ...offers
        .filter(([intent]) => !asked.includes(intent))
        .slice(0, 2)
        .map(([, q]) => q),
    );
    const peers = COMPANIES.filter((p) => p.type === c.type && p.id !== c.id && !companies.includes(p));
    const peer = peers.sort((a, b) => Math.abs(rankOf(a) - rankOf(c)) - Math.abs(rankOf(b) - rankOf(c)))[0];
    if (peer) out.push(`Compare ${c.name} and ${peer.name}`);
  } else if (asked.includes("rank")) {
    out.push(
      "Who are the top 10 U.S. distributors?",
      "What is the biggest distributor in Texas?",
      "Who are the largest U.S. beverage alcohol manufacturers?",
    );
  } else {
    out.push(...tags.slice(0, 2).map((t) => `What did the recaps say about ${t}?`));
    out.push("Who are the largest U.S. distributors?");
  }
  return out.slice(0, 3);
}

export const followUpBlock = (questions: string[]) =>
  questions.length ? ["", "**You could also ask**", "", ...questions.map((q) => `- ${q}`)] : [];

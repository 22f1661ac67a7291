import { QUOTE_MAX, type CitedPassage } from "#common/chat/cited-passage.ts";
import type { Passage } from "./hub-corpus.ts";
import type { HubIndex } from "./hub-index.ts";

/** At most QUOTE_MAX characters, cut at a word, starting where `near` (the claim's words) is found when it is. */
function excerpt(text: string, near?: string): string {
  let start = 0;
  if (near) {
    const at = text.indexOf(near.slice(0, 60));
    if (at > 0) start = Math.max(0, text.lastIndexOf(" ", Math.max(0, at - 1)) + 1);
  }
  if (start > 0 && text.length - start < QUOTE_MAX) start = Math.max(0, text.length - QUOTE_MAX);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  const rest = text.slice(start);
  const cut = rest.length > QUOTE_MAX ? `${rest.slice(0, rest.lastIndexOf(" ", QUOTE_MAX))}…` : rest;
  return `${start > 0 ? "…" : ""}${cut}`;
}

/**
 * The passage a link in an answer points at: a transcript moment by its own
 * address (the second), else the passage at that address whose label ("Source:
 * Section", as the answers write it) matches, else the first passage there.
 * Works for any provider's answer, since all of them link to the hub's pages.
 */
export function citedPassage(index: HubIndex, href: string, label?: string, claim?: string): CitedPassage | undefined {
  const passages = index.passages;
  for (const passage of passages) {
    const moments = passage.moments;
    if (!moments) continue;
    const at = moments.findIndex((m) => m.url === href);
    if (at < 0) continue;
    // The cue said at that second and the ones after it, as far as a quote goes.
    const said = moments
      .slice(at)
      .map((m) => m.text)
      .join(" ");
    return { href, source: passage.source, section: moments[at]!.section, quote: excerpt(said) };
  }
  const here = passages.filter((p: Passage) => p.url === href);
  if (!here.length) return undefined;
  const labelled = label
    ? here.find((p) => (p.section ? `${p.source}: ${p.section}` : p.source) === label || p.section === label)
    : undefined;
  const passage = labelled ?? here[0]!;
  return { href, source: passage.source, section: passage.section, quote: excerpt(passage.text, claim) };
}

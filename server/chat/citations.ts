import { QUOTE_MAX, type CitedPassage } from "#common/chat/cited-passage.ts";
import type { Passage } from "./hub-corpus.ts";
import type { HubIndex } from "./hub-index.ts";

/** At most QUOTE_MAX characters, cut at a word. */
const excerpt = (text: string) =>
  text.length > QUOTE_MAX ? `${text.slice(0, text.lastIndexOf(" ", QUOTE_MAX))}…` : text;

/**
 * The passage a link in an answer points at: a transcript moment by its own
 * address (the second), else the passage at that address whose label ("Source:
 * Section", as the answers write it) matches, else the first passage there.
 * Works for any provider's answer, since all of them link to the hub's pages.
 */
export function citedPassage(index: HubIndex, href: string, label?: string): CitedPassage | undefined {
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
  return { href, source: passage.source, section: passage.section, quote: excerpt(passage.text) };
}

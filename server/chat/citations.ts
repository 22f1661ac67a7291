import { QUOTE_MAX, type CitedPassage } from "#common/chat/cited-passage.ts";
import { passageAddress, type Passage } from "../analyst/hub-corpus.ts";
import type { HubIndex } from "../analyst/hub-index.ts";

/** At most QUOTE_MAX characters, cut at a word. */
const excerpt = (text: string) =>
  text.length > QUOTE_MAX ? `${text.slice(0, text.lastIndexOf(" ", QUOTE_MAX))}…` : text;

interface Addresses {
  /** A transcript moment's address: its passage and where in it (the first passage that has it). */
  moments: Map<string, { passage: Passage; at: number }>;
  /** The passages at each address, in the index's order. */
  pages: Map<string, Passage[]>;
  /** A recap section by the address of its heading (/recap/3#distribution-notes). */
  sections: Map<string, Passage>;
}

// Made once per index (an index never changes; a new one replaces it): a share cites
// dozens of sources, each looked up by its address instead of reading every passage.
const addressesOf = new WeakMap<HubIndex, Addresses>();

function addresses(index: HubIndex): Addresses {
  let found = addressesOf.get(index);
  if (found) return found;
  found = { moments: new Map(), pages: new Map(), sections: new Map() };
  for (const passage of index.passages) {
    if (passage.anchor) found.sections.set(passageAddress(passage), passage);
    passage.moments?.forEach((m, at) => {
      if (!found!.moments.has(m.url)) found!.moments.set(m.url, { passage, at });
    });
    const here = found.pages.get(passage.url);
    if (here) here.push(passage);
    else found.pages.set(passage.url, [passage]);
  }
  addressesOf.set(index, found);
  return found;
}

/**
 * The passage a link in an answer points at: a transcript moment or a recap
 * section by its own address (the second, the heading), else the profile's part or the passage at that address
 * whose label ("Source: Section", as the answers write it) matches, else the
 * first passage there.
 * Works for any provider's answer, since all of them link to the hub's pages.
 */
export function citedPassage(index: HubIndex, href: string, label?: string): CitedPassage | undefined {
  const { moments, pages, sections } = addresses(index);
  const moment = moments.get(href);
  if (moment) {
    const all = moment.passage.moments!;
    // The cue said at that second and the ones after it, as far as a quote goes.
    const said = all
      .slice(moment.at)
      .map((m) => m.text)
      .join(" ");
    return { href, source: moment.passage.source, section: all[moment.at]!.section, quote: excerpt(said) };
  }
  // A recap section by its heading's address is that section, whatever the label says.
  const section = sections.get(href);
  if (section) return { href, source: section.source, section: section.section, quote: excerpt(section.text) };
  // Another address with a fragment (a section the recap no longer has) is the page's.
  const here = pages.get(href) ?? pages.get(href.replace(/#.*$/, ""));
  if (!here?.length) return undefined;
  const named = (p: { source: string; section?: string | undefined }, section: string | undefined) =>
    label !== undefined && ((section ? `${p.source}: ${section}` : p.source) === label || section === label);
  // A part of a profile ("Sazerac Company: Owner") quotes the sentence or paragraph that says it.
  for (const passage of here) {
    const part = passage.parts?.find((f) => named(passage, f.section));
    if (part) return { href, source: passage.source, section: part.section, quote: excerpt(part.text) };
  }
  const passage = here.find((p) => named(p, p.section)) ?? here[0]!;
  return { href, source: passage.source, section: passage.section, quote: excerpt(passage.text) };
}

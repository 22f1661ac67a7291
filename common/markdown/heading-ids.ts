// The ids a recap's section headings carry on its page, so a citation of one section
// (/recap/3#distribution-notes) lands on it. Shared by the page's renderer and the
// assistant's citations, which must agree on each id (server/content/markdown-headings.ts).
import { fold } from "../content/fold.ts";

/**
 * Ids the pages around a recap's body give their own elements (the layout's skip target, the
 * recap list and search, the related reading): a heading never takes one of them.
 */
export const PAGE_IDS: readonly string[] = [
  "main",
  "site-config",
  "desktop-nav",
  "all-recaps",
  "recap-search",
  "recap-skeleton",
  "related-reading",
];

/** A heading's words as an id: lower case, accents dropped, apostrophes gone, every other run of non-letters a hyphen. */
export function headingSlug(text: string): string {
  const slug = fold(text)
    .replace(/['’‘]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  // A heading of no letters or digits ("★★★") still needs an id.
  return slug || "section";
}

/** Ids for a page's headings, in order: each its slug, "-2", "-3"… after a repeat or an id the page uses. */
export function headingIds(headings: readonly string[]): string[] {
  const taken = new Set(PAGE_IDS);
  return headings.map((text) => {
    const slug = headingSlug(text);
    let id = slug;
    for (let n = 2; taken.has(id); n++) id = `${slug}-${n}`;
    taken.add(id);
    return id;
  });
}

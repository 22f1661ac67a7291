// Related reading under a recap (issue 26): other recaps and episodes that share
// its topics or the companies it names, with the reason each is offered.

/** How many items the list offers. */
export const RELATED_MAX = 4;

export interface RelatedItem {
  kind: "recap" | "episode";
  id: number;
  date: string;
  title: string;
  url: string;
  /** What it shares with the recap: topic names first, then company names. */
  shared: string[];
}

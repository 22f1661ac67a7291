import type { Citation } from "./citation-numbers.ts";
import type { CitedPassage } from "./cited-passage.ts";

// A numbered citation's look, shared by the chat page (which fetches a passage when
// it is first shown) and a shared conversation (rendered once, on the server, with
// its passages): a link to the part of the hub it cites, and the quoted passage,
// which CSS shows while the citation is hovered or has focus, so a page rendered on
// the server shows it before any script runs. `data-dismissed` on the citation
// (set by Escape) hides it until focus leaves.

export const CITATION_CLASS = "group/cite relative inline-block align-super text-xs leading-none";
export const CITATION_LINK_CLASS =
  "rounded px-0.5 font-semibold text-copper-700 no-underline hover:underline focus-visible:outline-2 focus-visible:outline-copper-600";
export const citationName = (c: Citation) => `Source ${c.n}: ${c.label}`;

/** The passage: undefined while it loads, null when the hub could not give it. */
export function CitationTip({
  id,
  citation,
  passage,
}: {
  id: string;
  citation: Citation;
  passage: CitedPassage | null | undefined;
}) {
  return (
    <span
      role="tooltip"
      id={id}
      className="absolute bottom-full left-1/2 z-20 mb-1 hidden w-72 max-w-[80vw] -translate-x-1/2 rounded-md border border-ink-900/10 bg-surface p-3 text-left align-baseline text-sm leading-snug font-normal text-ink-800 shadow-lg group-hover/cite:block group-focus-within/cite:block group-data-dismissed/cite:hidden!"
    >
      <span className="block font-semibold text-ink-950">
        {passage ? (passage.section ? `${passage.source}: ${passage.section}` : passage.source) : citation.label}
      </span>
      <span className="mt-1 block">
        {passage ? (
          <q>{passage.quote}</q>
        ) : passage === null ? (
          "Open the source to read the passage."
        ) : (
          "Loading the passage…"
        )}
      </span>
    </span>
  );
}

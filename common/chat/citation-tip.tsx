import type { Citation } from "./citation-numbers.ts";
import type { CitedPassage } from "./cited-passage.ts";

// A numbered citation's look, shared by the chat page (which fetches a passage when
// it is first shown) and a shared conversation (rendered once, on the server, with
// its passages): a link to the part of the hub it cites, and the quoted passage,
// which CSS shows while the citation is hovered or has focus, so a page rendered on
// the server shows it before any script runs. `data-dismissed` on the citation
// (set by Escape) hides it until focus leaves. Its looks are classes of
// app/styles/app.css ("cite"), named once there rather than spelled on each citation.

/** The citation's box, its link, and its passage: their looks are in app/styles/app.css. */
export const CITATION_CLASS = "cite";
export const CITATION_LINK_CLASS = "cite-link";
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
    <span role="tooltip" id={id} className="cite-tip">
      <b>{passage ? (passage.section ? `${passage.source}: ${passage.section}` : passage.source) : citation.label}</b>
      <span>
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

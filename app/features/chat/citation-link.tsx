import { useId, useState } from "react";
import { Link } from "react-router";
import type { CitedPassage } from "#common/chat/cited-passage.ts";
import { citationKey, type Citation } from "#common/chat/citation-numbers.ts";

// Passages already fetched on this page, by address and label: a citation shown twice asks once.
const fetched = new Map<string, Promise<CitedPassage | null>>();

function fetchPassage(citation: Citation): Promise<CitedPassage | null> {
  const key = citationKey(citation);
  let pending = fetched.get(key);
  if (!pending) {
    const query = new URLSearchParams({ href: citation.href, label: citation.label });
    pending = fetch(`/api/chat/passage?${query}`)
      .then((res) => (res.ok ? (res.json() as Promise<CitedPassage>) : null))
      .catch(() => null);
    fetched.set(key, pending);
  }
  return pending;
}

/**
 * A numbered citation: a link to the part of the hub it cites, which shows the
 * quoted passage while it is hovered or has focus (CSS shows it, so a page
 * rendered on the server shows it before scripts run; Escape hides it). The
 * chat page fetches the passage when it is first shown; a shared page has it already.
 */
export function CitationLink({ citation, passage: given }: { citation: Citation; passage?: CitedPassage | undefined }) {
  const tipId = useId();
  const [passage, setPassage] = useState<CitedPassage | null | undefined>(given);
  const [dismissed, setDismissed] = useState(false);
  const load = () => {
    if (passage === undefined) void fetchPassage(citation).then(setPassage);
  };
  return (
    <span
      className="group/cite relative inline-block align-super text-xs leading-none"
      onMouseEnter={load}
      onFocus={load}
      // Escape hides it until focus leaves: a pointer's enter and leave are not a reader's choice (the browser
      // sends them when the layout moves under a resting pointer), so they do not bring it back.
      onBlur={() => setDismissed(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape") setDismissed(true);
      }}
    >
      <Link
        to={citation.href}
        aria-label={`Source ${citation.n}: ${citation.label}`}
        aria-describedby={tipId}
        className="rounded px-0.5 font-semibold text-copper-700 no-underline hover:underline focus-visible:outline-2 focus-visible:outline-copper-600"
      >
        [{citation.n}]
      </Link>
      <span
        role="tooltip"
        id={tipId}
        className={`absolute bottom-full left-1/2 z-20 mb-1 hidden w-72 max-w-[80vw] -translate-x-1/2 rounded-md border border-ink-900/10 bg-surface p-3 text-left align-baseline text-sm leading-snug font-normal text-ink-800 shadow-lg ${
          dismissed ? "" : "group-hover/cite:block group-focus-within/cite:block"
        }`}
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
    </span>
  );
}

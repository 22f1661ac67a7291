import { useId, useState } from "react";
import { Link } from "react-router";
import type { CitedPassage } from "#common/chat/cited-passage.ts";
import { citationKey, type Citation } from "#common/chat/citation-numbers.ts";
import { CITATION_CLASS, CITATION_LINK_CLASS, citationName, CitationTip } from "#common/chat/citation-tip.tsx";
import { keepTipInView } from "./tip-in-view";

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
 * A numbered citation on the chat page (common/chat/citation-tip.tsx): the
 * passage is fetched when it is first shown, and kept inside the screen; Escape hides it.
 */
export function CitationLink({ citation }: { citation: Citation }) {
  const tipId = useId();
  const [passage, setPassage] = useState<CitedPassage | null | undefined>(undefined);
  const [dismissed, setDismissed] = useState(false);
  const show = (event: { currentTarget: Element }) => {
    if (passage === undefined) void fetchPassage(citation).then(setPassage);
    const tip = event.currentTarget.querySelector<HTMLElement>(".cite-tip");
    if (tip) keepTipInView(tip);
  };
  return (
    <span
      className={CITATION_CLASS}
      data-dismissed={dismissed || undefined}
      onMouseEnter={show}
      onFocus={show}
      // Escape hides it until focus leaves: a pointer's enter and leave are not a reader's choice (the browser
      // sends them when the layout moves under a resting pointer), so they do not bring it back.
      onBlur={() => setDismissed(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape") setDismissed(true);
      }}
    >
      <Link
        to={citation.href}
        aria-label={citationName(citation)}
        aria-describedby={tipId}
        className={CITATION_LINK_CLASS}
      >
        [{citation.n}]
      </Link>
      <CitationTip id={tipId} citation={citation} passage={passage} />
    </span>
  );
}

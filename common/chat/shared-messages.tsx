import { Markdown, type LinkRenderer } from "../markdown/markdown.tsx";
import { CITATION_CLASS, CITATION_LINK_CLASS, citationName, CitationTip } from "./citation-tip.tsx";
import { citationKey, CITE_TITLE, numberCitations } from "./citation-numbers.ts";
import type { CitedPassage } from "./cited-passage.ts";

/** One question and the answer the server gave it, as a shared conversation shows them. */
export interface SharedTurn {
  question: string;
  askedAt: string;
  answer: string;
  answeredAt: string;
}

const time = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** An answer with its citations numbered; each shows the passage read when the conversation was shared. */
function SharedAnswer({
  text,
  passages,
  idPrefix,
}: {
  text: string;
  passages: Record<string, CitedPassage>;
  idPrefix: string;
}) {
  const { markdown, citations } = numberCitations(text);
  let shown = 0;
  const renderLink: LinkRenderer = ({ href, title, children }) => {
    if (title !== CITE_TITLE) return undefined;
    const citation = citations.find((c) => c.href === href && String(c.n) === String(children));
    if (!citation) return undefined;
    const tipId = `${idPrefix}-${++shown}`;
    return (
      <span className={CITATION_CLASS}>
        <a
          href={citation.href}
          aria-label={citationName(citation)}
          aria-describedby={tipId}
          className={CITATION_LINK_CLASS}
        >
          [{citation.n}]
        </a>
        <CitationTip id={tipId} citation={citation} passage={passages[citationKey(citation)] ?? null} />
      </span>
    );
  };
  return (
    <Markdown className="chat-markdown" renderLink={renderLink}>
      {markdown}
    </Markdown>
  );
}

/** The list that holds a shared conversation's questions and answers. */
export const SHARED_LIST_CLASS = "mt-6 flex flex-col gap-4";

/**
 * One question and its answer, the `index`th of a shared conversation (from 1), as
 * two items of its list. Rendered once on the server when the conversation is
 * shared (server/chat/shared-conversation.server.ts) and kept as HTML: its page
 * then sends that HTML as it is. Times are UTC.
 */
export function SharedTurnItems({
  turn,
  index,
  passages,
}: {
  turn: SharedTurn;
  index: number;
  passages: Record<string, CitedPassage>;
}) {
  return (
    <>
      <li className="flex justify-end">
        <div className="max-w-[90%] rounded-2xl rounded-br-sm bg-ink-900 px-4 py-3 text-white shadow-sm">
          <span className="sr-only">Question:</span>
          <p className="break-words whitespace-pre-wrap">{turn.question}</p>
          <p className="mt-1 text-right text-xs text-ink-100">
            <time dateTime={turn.askedAt}>{time(turn.askedAt)}</time>
          </p>
        </div>
      </li>
      <li className="flex justify-start">
        <div className="max-w-[90%] rounded-2xl rounded-bl-sm border border-ink-900/10 bg-surface px-4 py-3 text-ink-900 shadow-sm">
          <span className="sr-only">Answer:</span>
          <SharedAnswer text={turn.answer} passages={passages} idPrefix={`cite-${index}`} />
          <p className="mt-1 text-xs text-ink-500">
            <time dateTime={turn.answeredAt}>{time(turn.answeredAt)}</time>
          </p>
        </div>
      </li>
    </>
  );
}

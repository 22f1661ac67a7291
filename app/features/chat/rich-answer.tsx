import { useCallback, useMemo } from "react";
import { Markdown, type LinkRenderer } from "#common/markdown/markdown.tsx";
import { CITE_TITLE, numberCitations } from "#common/chat/citation-numbers.ts";
import { CitationLink } from "./citation-link";

/**
 * An answer on the chat page as formatted text whose links to the hub are
 * numbered citations (common/chat/citation-numbers.ts), each fetching its
 * passage when first shown. A shared conversation is drawn once, on the server
 * (common/chat/shared-messages.tsx).
 */
export function RichAnswer({ text }: { text: string }) {
  const { markdown, citations } = useMemo(() => numberCitations(text), [text]);
  const renderLink = useCallback<LinkRenderer>(
    ({ href, title, children }) => {
      if (title !== CITE_TITLE) return undefined;
      const citation = citations.find((c) => c.href === href && String(c.n) === String(children));
      if (!citation) return undefined;
      return <CitationLink citation={citation} />;
    },
    [citations],
  );
  return (
    <Markdown className="chat-markdown" inAppLinks renderLink={renderLink}>
      {markdown}
    </Markdown>
  );
}

import { useCallback, useMemo } from "react";
import { Markdown, type LinkRenderer } from "#common/markdown/markdown.tsx";
import { citationKey, CITE_TITLE, numberCitations } from "#common/chat/citation-numbers.ts";
import type { CitedPassage } from "#common/chat/cited-passage.ts";
import { CitationLink } from "./citation-link";

/**
 * An answer as formatted text whose links to the hub are numbered citations
 * (common/chat/citation-numbers.ts). `passages` are the citations' passages
 * when the page already has them (a shared conversation); otherwise each is
 * fetched when first shown.
 */
export function RichAnswer({ text, passages }: { text: string; passages?: Record<string, CitedPassage> | undefined }) {
  const { markdown, citations } = useMemo(() => numberCitations(text), [text]);
  const renderLink = useCallback<LinkRenderer>(
    ({ href, title, children }) => {
      if (title !== CITE_TITLE) return undefined;
      const citation = citations.find((c) => c.href === href && String(c.n) === String(children));
      if (!citation) return undefined;
      return <CitationLink citation={citation} passage={passages?.[citationKey(citation)]} />;
    },
    [citations, passages],
  );
  return (
    <Markdown className="chat-markdown" inAppLinks renderLink={renderLink}>
      {markdown}
    </Markdown>
  );
}

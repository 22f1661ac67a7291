import { ExternalLink } from "lucide-react";
import type { Ref } from "react";
import { Link } from "react-router";
import { CommentsSection } from "../../components/comments/comments-section";
import { CopyLinkButton } from "../../components/copy-link-button";
import { DateText } from "../../components/date-text";
import { useSite } from "../../hooks/use-site";
import { excerpt } from "../../lib/excerpt";
import { RecapBody, RecapImage, RecapTags } from "./recap-parts";
import type { RecapView } from "#common/content/recap.ts";

/** The selected summary in the /recap reader pane. */
export function RecapReader({ recap, headingRef }: { recap: RecapView; headingRef?: Ref<HTMLHeadingElement> }) {
  const site = useSite();
  return (
    <article className="rounded-card bg-surface p-5 shadow-card sm:p-8">
      <header className="space-y-3">
        <p className="text-sm text-ink-600">
          <DateText date={recap.date} /> · {`${recap.readingMinutes} min read`}
        </p>
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-2xl font-semibold leading-tight text-ink-950 sm:text-3xl"
        >
          {recap.headline}
        </h2>
        <RecapTags recap={recap} />
      </header>
      <div className="mt-6 space-y-6">
        <RecapImage recap={recap} />
        {recap.snippets ? (
          <blockquote className="border-l-4 border-copper-500 bg-paper px-4 py-3 text-ink-700">
            “{excerpt(recap.snippets)}”
          </blockquote>
        ) : null}
        <RecapBody html={recap.html} />
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          to={`/recap/${recap.id}`}
          className="inline-flex items-center gap-2 rounded-md bg-ink-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-ink-800"
        >
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          Open as a page
        </Link>
        <CopyLinkButton url={`${site.siteUrl}/recap/${recap.id}`} />
      </div>
      <CommentsSection key={recap.id} endpoint={`/api/recaps/${recap.id}/comments`} />
    </article>
  );
}

import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { CommentsSection } from "../../components/comments/comments-section";
import { CopyLinkButton } from "../../components/copy-link-button";
import { DateText } from "../../components/date-text";
import { SubscribeForm } from "../../components/subscribe-form";
import { useSite } from "../../hooks/use-site";
import { island } from "../../islands/island";
import { RecapBody, RecapImage, RecapTags } from "./recap-parts";

// The page is plain HTML (its route is ISLANDS_PAGE): these two run as islands.
const CopyLinkIsland = island("copy-link", CopyLinkButton, "interaction");
const CommentsIsland = island("comments", CommentsSection);
import type { RecapView } from "#common/content/recap.ts";
import type { RelatedItem } from "#common/topics/related-reading.ts";
import { RelatedReading } from "./related-reading";
import type { FamilyTrendData } from "../../components/charts/family-trend";

const button =
  "inline-flex items-center gap-2 rounded-md border border-ink-300 bg-surface px-3 py-1.5 text-sm font-medium text-ink-800 hover:bg-paper";

/** /recap/:id: one recap as a page of its own. */
export function RecapArticle({
  recap,
  related,
  charts,
}: {
  recap: RecapView;
  related: RelatedItem[];
  /** The market charts its body embeds ({{chart family}}), by family. */
  charts?: Record<string, FamilyTrendData>;
}) {
  const site = useSite();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <Link to="/recap" className={button}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Weekly Recap
      </Link>
      <article className="mt-6 rounded-card bg-surface p-5 shadow-card sm:p-10">
        <header className="space-y-4">
          <p className="text-sm text-ink-600">
            <DateText date={recap.date} /> · {`${recap.readingMinutes} min read`}
          </p>
          <h1 className="font-display text-3xl font-semibold leading-tight text-ink-950 sm:text-4xl">
            {recap.headline}
          </h1>
          <RecapTags recap={recap} />
        </header>
        <div className="mt-8 space-y-6">
          <RecapImage recap={recap} priority />
          {recap.snippets ? (
            <blockquote className="border-l-4 border-copper-500 pl-4 font-display text-lg italic leading-relaxed text-ink-700">
              {recap.snippets}
            </blockquote>
          ) : null}
          <RecapBody html={recap.html} charts={charts} />
        </div>
        <div className="mt-8">
          <CopyLinkIsland url={`${site.siteUrl}/recap/${recap.id}`} />
        </div>
        <CommentsIsland endpoint={`/api/recaps/${recap.id}/comments`} />
      </article>
      <RelatedReading items={related} />
      <div className="mt-8">
        <SubscribeForm source="recap" />
      </div>
      <div className="mt-8 text-center">
        <Link to="/recap" className={button}>
          All Weekly Recaps
        </Link>
      </div>
    </div>
  );
}

/** The detail page when the id names no recap, or the recap could not be loaded. */
export function RecapNotFound() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <h1 className="font-display text-3xl font-semibold text-ink-950">Summary Not Found</h1>
      <p className="mt-3 text-ink-600">The requested summary could not be found.</p>
      <Link to="/recap" className={`${button} mt-6`}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Recap
      </Link>
    </div>
  );
}

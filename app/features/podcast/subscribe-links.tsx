import { Rss } from "lucide-react";
import { FEED_PATHS } from "#common/feeds/feed-paths.ts";
import { CopyLinkButton } from "../../components/copy-link-button";
import { useSite } from "../../hooks/use-site";
import { SERIES_NAME } from "#common/podcast/podcast-text.ts";

export const PODCAST_FEEDS = [
  { path: FEED_PATHS.podcast, label: "All episodes", title: "The Spirits Signal (all episodes)" },
  { path: FEED_PATHS.daily, label: SERIES_NAME.daily, title: SERIES_NAME.daily },
  { path: FEED_PATHS.weekly, label: SERIES_NAME.weekly, title: SERIES_NAME.weekly },
] as const;

/** "Subscribe": the three RSS feeds, to open or to copy into a podcast app. */
export function SubscribeLinks() {
  const site = useSite();
  return (
    <section aria-labelledby="subscribe" className="rounded-card bg-surface p-5 shadow-card">
      <h2 id="subscribe" className="flex items-center gap-2 font-display text-lg font-semibold text-ink-950">
        <Rss className="h-5 w-5 text-copper-600" aria-hidden="true" />
        Subscribe
      </h2>
      <p className="mt-1 text-sm text-ink-600">Paste a feed address into any podcast app.</p>
      <ul className="mt-4 space-y-3">
        {PODCAST_FEEDS.map((feed) => (
          <li key={feed.path} className="flex flex-wrap items-center justify-between gap-2">
            <a href={feed.path} className="font-medium text-copper-700 underline underline-offset-2">
              {`${feed.label} (RSS)`}
            </a>
            <CopyLinkButton url={`${site.siteUrl}${feed.path}`} what={`the ${feed.label} feed`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

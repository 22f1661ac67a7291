import { useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { ToolPageHeader } from "./components/tool-page-header";
import { RecapArticleSkeleton } from "./features/recap/recap-skeleton";
import { RECAP_SUBTITLE, RECAP_TITLE } from "./features/recap/recap-text";
import { PODCAST_INTRO, PODCAST_TITLE } from "#common/podcast/podcast-text.ts";

// A quick navigation should not flash a placeholder; a slow one should show it.
const SHOW_AFTER_MS = 150;

/**
 * What to show while the router loads another page whose data is slow to
 * come: the page's own loading state where the spec names one, else nothing
 * (the current page stays until the next is ready).
 */
export function usePendingPage(): React.ReactNode {
  const navigation = useNavigation();
  const location = useLocation();
  const target =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname ? navigation.location : null;
  // The navigation that has been loading for long enough to show its placeholder.
  const [slowKey, setSlowKey] = useState<string | null>(null);

  useEffect(() => {
    if (target === null) return;
    const timer = setTimeout(() => setSlowKey(target.key), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [target]);

  if (target === null || slowKey !== target.key) return null;
  const path = target.pathname;
  if (/^\/recap\/[^/]+\/?$/.test(path)) return <RecapArticleSkeleton />;
  if (/^\/recap\/?$/.test(path))
    return <PendingToolPage title={RECAP_TITLE} subtitle={RECAP_SUBTITLE} text="Loading weekly summaries..." />;
  if (/^\/podcast\/?$/.test(path))
    return <PendingToolPage title={PODCAST_TITLE} subtitle={PODCAST_INTRO} text="Loading episodes..." />;
  return null;
}

function PendingToolPage({ title, subtitle, text }: { title: string; subtitle: string; text: string }) {
  return (
    <>
      <ToolPageHeader backLabel="Back to Home" title={title} subtitle={subtitle} />
      <p role="status" className="mx-auto max-w-6xl px-4 py-12 text-ink-600 sm:px-6">
        {text}
      </p>
    </>
  );
}

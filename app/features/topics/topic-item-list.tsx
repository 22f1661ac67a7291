import { Headphones, Newspaper } from "lucide-react";
import type { TopicItem } from "#common/topics/topic.ts";
import { DateText } from "../../components/date-text";
import { TopicChips } from "../../components/topic-chips";

const SERIES_NAMES = { daily: "The Daily Shot", weekly: "The Weekly Pour" } as const;

/** A topic's recaps and episodes, newest first: what each is, when, and where to read or hear it. */
export function TopicItemList({ items }: { items: TopicItem[] }) {
  return (
    <ol className="mt-6 space-y-4">
      {items.map((item) => (
        <li key={`${item.kind}-${item.id}`} className="rounded-card border border-ink-900/10 bg-surface p-5">
          <p className="flex items-center gap-2 text-sm text-ink-600">
            {item.kind === "recap" ? (
              <Newspaper className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Headphones className="h-4 w-4" aria-hidden="true" />
            )}
            <span className="font-medium text-copper-700">
              {item.kind === "recap" ? "Weekly Recap" : `Episode · ${SERIES_NAMES[item.series ?? "daily"]}`}
            </span>
            <span aria-hidden="true">·</span>
            <DateText date={item.date} />
          </p>
          <h2 className="mt-1 font-display text-xl font-semibold text-ink-950">
            <a href={item.url} className="hover:underline">
              {item.title}
            </a>
          </h2>
          {item.summary ? <p className="mt-2 line-clamp-3 text-ink-800">{item.summary}</p> : null}
          <TopicChips tags={item.tags} sample={item.sample} className="mt-3" />
        </li>
      ))}
    </ol>
  );
}

import { topicPath } from "#common/topics/topic.ts";

/** What the mark on sample content says, and what it means when hovered or read out. */
export const SAMPLE_MARK = "Sample content";
const SAMPLE_MEANING = "Written for the demo site to show the format; it is not reporting.";

/**
 * Tags as chips that lead to their topic pages (issue 26); a tag that gives no address stays a plain chip.
 * Sample content (the demo's own items) gets a mark first: a flag of the item, not a topic (issue 37).
 */
export function TopicChips({
  tags,
  sample = false,
  className = "",
}: {
  tags: string[];
  sample?: boolean;
  className?: string;
}) {
  if (tags.length === 0 && !sample) return null;
  const chip = "rounded-full px-3 py-1 text-xs font-semibold";
  const topicChip = `${chip} bg-copper-100 text-copper-700`;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className}`}>
      {sample ? (
        <li>
          <span
            title={SAMPLE_MEANING}
            className={`${chip} inline-block border border-dashed border-ink-500 text-ink-700`}
            data-sample-mark=""
          >
            {SAMPLE_MARK}
            <span className="sr-only">{`: ${SAMPLE_MEANING}`}</span>
          </span>
        </li>
      ) : null}
      {tags.map((tag) => {
        const href = topicPath(tag);
        return (
          <li key={tag}>
            {href ? (
              <a
                href={href}
                className={`${topicChip} inline-block hover:bg-copper-200 hover:text-ink-950 focus-visible:outline-2 focus-visible:outline-offset-2`}
              >
                {tag}
              </a>
            ) : (
              <span className={`${topicChip} inline-block`}>{tag}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

import { topicPath } from "#common/topics/topic.ts";

/** What the mark on sample content says, and what it means when hovered or read out. */
export const SAMPLE_MARK = "Sample content";
const SAMPLE_MEANING = "Written for the demo site to show the format; it is not reporting.";

const CHIP = "rounded-full px-3 py-1 text-xs font-semibold";

/**
 * Tags as chips that lead to their topic pages (issue 26); a tag that gives no address stays a plain chip.
 * Sample content (the demo's own items) gets a mark before them: a flag of the item, not a topic, so it
 * stands outside the list of tags (issue 37).
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
  const list = tags.length ? (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${sample ? "" : className}`}>
      {tags.map((tag) => {
        const href = topicPath(tag);
        const chip = `${CHIP} inline-block bg-copper-100 text-copper-700`;
        return (
          <li key={tag}>
            {href ? (
              <a
                href={href}
                className={`${chip} hover:bg-copper-200 hover:text-ink-950 focus-visible:outline-2 focus-visible:outline-offset-2`}
              >
                {tag}
              </a>
            ) : (
              <span className={chip}>{tag}</span>
            )}
          </li>
        );
      })}
    </ul>
  ) : null;
  if (!sample) return list;
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <span
        title={SAMPLE_MEANING}
        className={`${CHIP} inline-block border border-dashed border-ink-500 text-ink-700`}
        data-sample-mark=""
      >
        {SAMPLE_MARK}
        <span className="sr-only">{`: ${SAMPLE_MEANING}`}</span>
      </span>
      {list}
    </div>
  );
}

import { topicPath } from "#common/topics/topic.ts";

/** Tags as chips that lead to their topic pages (issue 26); a tag that gives no address stays a plain chip. */
export function TopicChips({ tags, className = "" }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((tag) => {
        const href = topicPath(tag);
        const chip = "rounded-full bg-copper-100 px-3 py-1 text-xs font-semibold text-copper-700";
        return (
          <li key={tag}>
            {href ? (
              <a
                href={href}
                className={`${chip} inline-block hover:bg-copper-200 hover:text-ink-950 focus-visible:outline-2 focus-visible:outline-offset-2`}
              >
                {tag}
              </a>
            ) : (
              <span className={`${chip} inline-block`}>{tag}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

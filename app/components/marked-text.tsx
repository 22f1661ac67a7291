import type { Highlighted } from "#common/search/site-search.ts";

/** Text with the stretches a search matched in <mark>. */
export function MarkedText({ value }: { value: Highlighted }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of value.marks) {
    if (start < at) continue;
    if (start > at) parts.push(value.text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-copper-100 px-0.5 text-ink-950">
        {value.text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  parts.push(value.text.slice(at));
  return <>{parts}</>;
}

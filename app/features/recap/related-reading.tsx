import { Headphones, Newspaper } from "lucide-react";
import type { RelatedItem } from "#common/topics/related-reading.ts";
import { DateText } from "../../components/date-text";

/** Under a recap: other recaps and episodes on its topics or companies, each with what it shares. */
export function RelatedReading({ items }: { items: RelatedItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="related-reading" className="mt-8 rounded-card bg-surface p-5 shadow-card sm:p-8">
      <h2 id="related-reading" className="font-display text-xl font-semibold text-ink-950">
        Related reading
      </h2>
      <ul className="mt-4 space-y-4">
        {items.map((item) => (
          <li key={`${item.kind}-${item.id}`} className="flex gap-3">
            {item.kind === "recap" ? (
              <Newspaper className="mt-1 h-4 w-4 shrink-0 text-copper-700" aria-hidden="true" />
            ) : (
              <Headphones className="mt-1 h-4 w-4 shrink-0 text-copper-700" aria-hidden="true" />
            )}
            <div>
              <a href={item.url} className="font-semibold text-ink-950 hover:underline">
                {item.kind === "episode" ? <span className="sr-only">Episode: </span> : null}
                {item.title}
              </a>
              <p className="text-sm text-ink-600">
                <DateText date={item.date} /> · {`Shares ${item.shared.join(", ")}`}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Building2, FileText, Mic, Tag } from "lucide-react";
import { KIND_NAMES, type SearchGroup, type SearchHit, type SearchKind } from "#common/search/site-search.ts";
import { SERIES_NAME } from "#common/podcast/podcast-text.ts";
import { clock } from "#common/podcast/clock.ts";
import { formatDate } from "../../components/date-text";
import { MarkedText } from "../../components/marked-text";
import { followPagePath } from "#common/follows/follow-item.ts";

const ICONS: Record<SearchKind, typeof FileText> = { recap: FileText, episode: Mic, company: Building2, topic: Tag };

/** What kind of result it is and when, in one line under its title. */
function detail(hit: SearchHit): string {
  if (hit.kind === "recap") return `Recap · ${formatDate(hit.date)}`;
  if (hit.kind === "episode")
    return `${SERIES_NAME[hit.series]} · ${formatDate(hit.date)}${hit.seconds !== null ? ` · said at ${clock(hit.seconds)}` : ""}`;
  if (hit.kind === "company")
    return `${hit.type === "manufacturer" ? "Manufacturer" : "Distributor"} · ${hit.location}`;
  return "Topic";
}

/** What a result can be followed as (issue 42): a company or a topic, on the follow form's own page. */
function followLink(hit: SearchHit): { href: string; label: string } | undefined {
  if (hit.kind === "company") return { href: followPagePath("company", String(hit.id)), label: "Follow this company" };
  if (hit.kind === "topic") return { href: followPagePath("topic", hit.id), label: "Follow this topic" };
  return undefined;
}

export function SearchResultItem({ hit }: { hit: SearchHit }) {
  const Icon = ICONS[hit.kind];
  const follow = followLink(hit);
  return (
    <li className="py-4">
      <a href={hit.url} className="group flex gap-3 rounded-md">
        <Icon className="mt-1 h-5 w-5 shrink-0 text-copper-700" aria-hidden="true" />
        <span className="min-w-0">
          <span className="block font-semibold text-ink-950 group-hover:underline">
            <MarkedText value={hit.title} />
          </span>
          <span className="mt-0.5 block text-sm text-ink-600">{detail(hit)}</span>
          <span className="mt-1 block text-ink-800">
            <MarkedText value={hit.snippet} />
          </span>
        </span>
      </a>
      {follow ? (
        <a
          href={follow.href}
          className="ml-8 mt-1 inline-block min-h-6 text-sm font-medium text-copper-700 hover:underline"
        >
          {follow.label}
        </a>
      ) : null}
    </li>
  );
}

/** One kind's results under its heading and count, with a link to all of them or the next page. */
export function SearchResultGroup({
  group,
  moreHref,
  pager,
}: {
  group: SearchGroup;
  /** "See all" when only a preview of this kind is shown. */
  moreHref?: string | undefined;
  pager?: React.ReactNode;
}) {
  const name = KIND_NAMES[group.kind];
  const headingId = `results-${group.kind}`;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="font-display text-xl font-semibold text-ink-950">
        {name.many} <span className="text-base font-normal text-ink-600">({group.total.toLocaleString("en-US")})</span>
      </h2>
      {group.items.length ? (
        <ul className="divide-y divide-ink-900/10">
          {group.items.map((hit) => (
            <SearchResultItem key={`${hit.kind}-${hit.id}`} hit={hit} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-ink-600">No {name.many.toLowerCase()} match.</p>
      )}
      {moreHref && group.total > group.items.length ? (
        <p className="mt-2">
          <a href={moreHref} className="font-medium text-copper-700 hover:underline">
            See all {group.total.toLocaleString("en-US")} {name.many.toLowerCase()}
          </a>
        </p>
      ) : null}
      {pager}
    </section>
  );
}

import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { RankSort } from "#common/content/company-query.ts";

const LABEL: Record<RankSort, string> = {
  none: "Rank, original order. Sort ascending",
  ascending: "Rank, ascending. Sort descending",
  descending: "Rank, descending. Restore original order",
};

/** The Rank column header: a real button that cycles the sort, with `aria-sort` on the header cell. */
export function RankHeader({ sort, onCycle }: { sort: RankSort; onCycle: () => void }) {
  const Icon = sort === "ascending" ? ArrowUp : sort === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={sort === "none" ? undefined : sort} className="w-20 px-3 py-3 text-left">
      <button
        type="button"
        onClick={onCycle}
        aria-label={LABEL[sort]}
        className="inline-flex items-center gap-1 rounded font-semibold text-ink-800 hover:text-copper-700"
      >
        Rank
        <Icon className="h-4 w-4" aria-hidden="true" />
      </button>
    </th>
  );
}

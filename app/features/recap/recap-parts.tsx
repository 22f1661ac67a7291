import { TopicChips } from "../../components/topic-chips";
import type { RecapView } from "#common/content/recap.ts";
import { splitAtCharts } from "#common/market/chart-shortcode.ts";
import { familyHeadline } from "#common/market/family-headline.ts";
import { FamilyTrend, type FamilyTrendData } from "../../components/charts/family-trend";

/** Tags as chips (the reader) or pills (the detail page): the same element either way, each leading to its topic; sample content marked. */
export function RecapTags({ recap }: { recap: Pick<RecapView, "tags" | "sample"> }) {
  return <TopicChips tags={recap.tags} sample={recap.sample} />;
}

export function RecapImage({
  recap,
  priority = false,
}: {
  recap: Pick<RecapView, "blog_image_url" | "headline">;
  priority?: boolean;
}) {
  if (!recap.blog_image_url) return null;
  return (
    <img
      src={recap.blog_image_url}
      alt={`Illustration for “${recap.headline}”`}
      width={1200}
      height={630}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      className="aspect-[1200/630] w-full rounded-card bg-paper-strong object-cover"
    />
  );
}

/** The body, rendered once on the server by the shared markdown renderer (see markdown-html.ts). */
/**
 * A recap's body. With `charts` (a family's figures by its slug), each {{chart family}} paragraph
 * is drawn as that family's chart; without them, or for a family the data lacks, it stays the
 * link the renderer made.
 */
export function RecapBody({ html, charts }: { html: string; charts?: Record<string, FamilyTrendData> }) {
  const parts = charts && Object.keys(charts).length ? splitAtCharts(html) : undefined;
  if (!parts?.some((p) => "chart" in p))
    return <div className="markdown-content" dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <div className="markdown-content space-y-5">
      {parts.map((part, i) => {
        // A family embedded twice is drawn once: the second stays its link.
        const first = "chart" in part && parts.findIndex((p) => "chart" in p && p.chart === part.chart) === i;
        const trend = "chart" in part && first ? charts![part.chart] : undefined;
        if (trend) return <FamilyTrend key={i} trend={trend} headline={familyHeadline(trend)} />;
        return (
          <div
            key={i}
            className="markdown"
            dangerouslySetInnerHTML={{ __html: "html" in part ? part.html : part.fallback }}
          />
        );
      })}
    </div>
  );
}

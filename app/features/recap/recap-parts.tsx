import { TopicChips } from "../../components/topic-chips";
import type { RecapView } from "#common/content/recap.ts";

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
export function RecapBody({ html }: { html: string }) {
  return <div className="markdown-content" dangerouslySetInnerHTML={{ __html: html }} />;
}

import { generateRssFeed } from "feedsmith";
import { releaseInstant } from "#common/feeds/feed-paths.ts";
import {
  APPROVAL_CLASS_LABELS,
  colaRegistryUrl,
  LABELS_FEED_PATH,
  LABELS_PATH,
  labelName,
  labelQuery,
  labelType,
  type LabelApproval,
  type LabelFilters,
} from "#common/records/label-approval.ts";
import { tightenCdata } from "./tighten-cdata.ts";
import { xmlSafe } from "./xml-safe.ts";

/**
 * RSS 2.0 of the newest label approvals the filters keep (issue 41): a reader follows one company's
 * new labels, or every new brand, in a feed reader. Each item links to the approval's own record in
 * TTB's registry; the channel links to /data/labels with the same filters.
 */
export function labelsFeedXml(
  items: LabelApproval[],
  filters: LabelFilters,
  site: { siteUrl: string; brand: string },
  about: string,
): string {
  const base = site.siteUrl;
  const query = labelQuery({ ...filters, days: undefined });
  const page = `${base}${LABELS_PATH}${query}`;
  const title = `${site.brand}: label approvals${about ? `, ${about}` : ""}`;
  const xml = generateRssFeed(
    xmlSafe({
      title,
      link: page,
      description: `New labels approved in TTB's Public COLA Registry${about ? ` (${about})` : ""}, as imported by ${site.brand}.`,
      language: "en-us",
      generator: site.brand,
      docs: "https://www.rssboard.org/rss-specification",
      ttl: 60,
      ...(items[0]
        ? { lastBuildDate: releaseInstant(items[0].completedOn), pubDate: releaseInstant(items[0].completedOn) }
        : {}),
      atom: { links: [{ href: `${base}${LABELS_FEED_PATH}${query}`, rel: "self", type: "application/rss+xml" }] },
      items: items.map((a) => ({
        title: `${APPROVAL_CLASS_LABELS[a.approvalClass]}: ${labelName(a)}${a.company ? ` (${a.company.name})` : ""}`,
        link: colaRegistryUrl(a.ttbId),
        guid: { value: `ttb-cola:${a.ttbId}`, isPermaLink: false },
        pubDate: releaseInstant(a.completedOn),
        description:
          `${labelType(a)}, ${a.originDescription || `origin ${a.origin}`}. Approved ${a.completedOn} under permit ` +
          `${a.permitNumber}, TTB ID ${a.ttbId}.`,
        categories: [{ name: APPROVAL_CLASS_LABELS[a.approvalClass] }],
      })),
    }),
  );
  return tightenCdata(xml);
}

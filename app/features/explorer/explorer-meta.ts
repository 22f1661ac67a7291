import type { MetaDescriptor } from "react-router";
import type { Company } from "#common/content/company.ts";
import type { PublicConfig } from "#common/config/public-config.ts";
import { pageMeta } from "../../lib/page-meta";
import { EXPLORER_DESCRIPTION, EXPLORER_TITLE } from "./explorer-text";

export const companyPath = (id: number) => `/explorer?company=${id}`;

/**
 * /explorer's tags: a linked profile (?company=…) gets its own title,
 * description and canonical address, so a shared link previews the company;
 * a search result is not for the index. JSON-LD lists the organisations.
 */
export function explorerMeta(
  site: PublicConfig | undefined,
  companies: readonly Company[],
  open: Company | undefined,
  searching: boolean,
): MetaDescriptor[] {
  const base = site?.siteUrl ?? "";
  const head = open?.profile
    ? pageMeta({
        site,
        title: `${open.name}: ${EXPLORER_TITLE}`,
        description: open.profile.overview,
        path: companyPath(open.id),
      })
    : pageMeta({ site, title: EXPLORER_TITLE, description: EXPLORER_DESCRIPTION, path: "/explorer" });
  return [
    ...head,
    ...(searching && !open ? [{ name: "robots", content: "noindex, follow" }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "ItemList",
        name: "Top U.S. beverage alcohol manufacturers and distributors",
        numberOfItems: companies.length,
        itemListElement: companies.map((company, index) => ({
          "@type": "ListItem",
          position: index + 1,
          item: {
            "@type": "Organization",
            name: company.name,
            url: `${base}${companyPath(company.id)}`,
            address: {
              "@type": "PostalAddress",
              addressLocality: company.location.split(", ")[0],
              addressRegion: company.location.split(", ")[1],
              addressCountry: "US",
            },
            ...(company.profile && /^\d{4}$/.test(company.profile.founded)
              ? { foundingDate: company.profile.founded }
              : {}),
          },
        })),
      },
    },
  ];
}

import type { MetaDescriptor } from "react-router";
import type { PublicConfig } from "#common/config/public-config.ts";

interface PageMetaInput {
  site: PublicConfig | undefined;
  /** The page's own title; the brand is appended. Pass `null` for the home page's full title. */
  title: string | null;
  description: string;
  /** The page's canonical path; `null` for a page with no address of its own (the 404 page, the same for every path). */
  path: string | null;
  type?: "website" | "article";
  image?: string;
}

/** Title, description, canonical URL, Open Graph and Twitter card defaults for a page. */
export function pageMeta({ site, title, description, path, type = "website", image }: PageMetaInput): MetaDescriptor[] {
  const brand = site?.brand ?? "Proofline";
  const fullTitle = title ? `${title} | ${brand}` : `${brand} Industry Intelligence Hub`;
  const base = site?.siteUrl ?? "";
  const url = path === null ? null : `${base}${path}`;
  const imageUrl = image ?? `${base}/og-default.png`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(url ? [{ tagName: "link", rel: "canonical", href: url }] : []),
    { property: "og:site_name", content: brand },
    { property: "og:type", content: type },
    { property: "og:title", content: title ?? fullTitle },
    { property: "og:description", content: description },
    ...(url ? [{ property: "og:url", content: url }] : []),
    { property: "og:image", content: imageUrl },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title ?? fullTitle },
    { name: "twitter:description", content: description },
  ];
}

/** The root loader's site config, as meta functions see it. */
export function siteFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): PublicConfig | undefined {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: PublicConfig } | undefined;
  return root?.site;
}

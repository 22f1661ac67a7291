import { createContext, useContext } from "react";
import type { PublicConfig } from "#common/config/public-config.ts";

const FALLBACK: PublicConfig = {
  brand: "Proofline",
  assistantName: "Eddy",
  siteUrl: "",
  companyUrl: "",
  linkedinUrl: "",
  newsletterOpen: false,
};

/**
 * The public site configuration (brand, assistant name, links): provided by the
 * root layout from its loader, and by the islands of a plain-HTML page, which
 * run without the router.
 */
export const SiteContext = createContext<PublicConfig>(FALLBACK);

export function useSite(): PublicConfig {
  return useContext(SiteContext);
}

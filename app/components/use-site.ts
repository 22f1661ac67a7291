import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "../../server/config";

const FALLBACK: PublicConfig = {
  brand: "Proofline",
  assistantName: "Eddy",
  siteUrl: "",
  companyUrl: "",
  linkedinUrl: "",
};

/** The public site configuration from the root loader (brand, assistant name, links). */
export function useSite(): PublicConfig {
  const data = useRouteLoaderData("root") as { site: PublicConfig } | undefined;
  return data?.site ?? FALLBACK;
}

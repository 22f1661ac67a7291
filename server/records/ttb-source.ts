import type { DataSourcesTable } from "../db/schema.ts";

/** Where the label approvals come from and what they mean: shown beside them (docs/public-records.md). */
export const TTB_COLA_SOURCE: DataSourcesTable = {
  id: "ttb-cola",
  title: "Label approvals (TTB Public COLA Registry)",
  publisher: "Alcohol and Tobacco Tax and Trade Bureau (TTB), U.S. Department of the Treasury",
  url: "https://ttbonline.gov/colasonline/publicSearchColasBasic.do",
  licence: "A public record of the U.S. federal government, published by TTB; not subject to copyright.",
  meaning:
    "Every label TTB has approved for sale in the United States (a Certificate of Label Approval): the brand and fanciful name, the permit holder who applied, the class and type of the drink, its origin and the day the approval was completed.",
  caveats:
    "An approval is not a launch: many approved labels never ship, and a label changed in any way is approved again. The registry names the permit holder who applied, often a bottler or importer rather than the brand's owner; the hub joins an approval to a Top Player by its brand names, aliases or listed permits, and leaves it unjoined when that is not certain.",
};

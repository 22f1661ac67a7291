import type { DataSourcesTable } from "../db/schema.ts";

/** Where the import values come from and what they mean: shown beside them (docs/public-records.md). */
export const CENSUS_HS2208_SOURCE: DataSourcesTable = {
  id: "census-hs2208",
  title: "U.S. imports of spirits by country (Census international trade, HS 2208)",
  publisher: "U.S. Census Bureau, Economic Indicators Division (International Trade API)",
  url: "https://www.census.gov/data/developers/data-sets/international-trade.html",
  licence: "Public data of the U.S. federal government, published by the Census Bureau; not subject to copyright.",
  meaning:
    "The customs value in U.S. dollars of spirits imported into the United States each month, by country of origin and six-digit HS code under 2208: general imports (everything entering, warehouses included) and imports for consumption (what entered the U.S. market), with the first quantity as declared.",
  caveats:
    "Customs value at the border, before duties, freight, excise and every markup: not retail or depletion figures. Monthly figures are revised in later releases. HS 220890 mixes tequila and mezcal with every other spirit not elsewhere named.",
};

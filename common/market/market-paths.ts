/** The market-data pages' addresses (issue 39): the overview, and one family's page. */
export const DATA_PATH = "/data";
export const dataFamilyPath = (slug: string) => `${DATA_PATH}/${slug}`;

/** The tables a family's CSV holds, one per chart on its page. */
export const FAMILY_TABLES = ["years", "months", "counties", "categories"] as const;
export type FamilyTable = (typeof FAMILY_TABLES)[number];

/** The CSV of the overview's table, or of one table of a family's page. */
export const dataCsvPath = (slug?: string, table?: FamilyTable) =>
  slug ? `/api${DATA_PATH}/${slug}.csv?table=${table ?? "years"}` : `/api${DATA_PATH}.csv`;

/** The message of a family the data does not hold (the page's 404 and the API's). */
export const FAMILY_NOT_FOUND = "The hub holds no market figures for that family.";

// One place in a table ("who's number 6?"): the company there, with its figure.
import type { RankedCompany } from "#common/content/company-query.ts";
import { RANK_BASIS, rankedItem, TABLE_NAMES } from "../../answer/company-lines.ts";
import { companyLink } from "../../company-links.ts";

/** The company at one place of its table. */
export function placeAnswer(row: RankedCompany): string {
  const c = row.company;
  return [
    `## #${row.rank} of the ${TABLE_NAMES[c.type]}`,
    "",
    `**${companyLink(c)}** is #${row.rank} of the hub's top 25 ${TABLE_NAMES[c.type]} (${RANK_BASIS[c.type]}, as of the end of 2024).`,
    "",
    rankedItem(row),
    "",
    `See all 25 in [Top Players](/explorer).`,
  ].join("\n");
}

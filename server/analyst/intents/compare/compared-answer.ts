// Companies compared from their data: the verdict on the measure asked (or how the ranking places
// them), then the table of their facts side by side.
import type { Company } from "../../../content/companies.server.ts";
import { comparisonLead, comparisonTable, sourcesOf } from "../../answer/company-lines.ts";
import type { Comparative } from "../../lexicon/comparatives.ts";
import { compareVerdict } from "./compare-verdict.ts";

/** The companies side by side, the answer to the measure asked first. */
export function comparedAnswer(companies: Company[], comparative: Comparative | undefined): string {
  return [
    `## ${companies.map((c) => c.name).join(" vs. ")}`,
    "",
    // The answer to the measure asked comes first; without one, how the ranking places them.
    (comparative && compareVerdict(companies, comparative)) ?? comparisonLead(companies),
    "",
    comparisonTable(companies),
    "",
    "**Sources**",
    "",
    ...sourcesOf(companies),
  ].join("\n");
}

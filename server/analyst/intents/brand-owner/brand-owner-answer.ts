// Whose a brand is: the company that owns it, its place in its table, and who owns that company.
import type { Company } from "../../../content/companies.server.ts";
import { factLine, properBrand, rankLine, sourcesOf } from "../../answer/company-lines.ts";
import { citeFact, companyLink } from "../../company-links.ts";

const unique = (companies: Company[]) => [...new Map(companies.map((c) => [c.id, c])).values()];

/** Each brand's owner, cited, and the owner's own owner. */
export function brandOwnerAnswer(brands: Array<{ brand: string; company: Company }>): string {
  const lines = [`## Who owns ${brands.map((b) => properBrand(b)).join(" and ")}`, ""];
  for (const b of brands) {
    const c = b.company;
    lines.push(
      `**${properBrand(b)}** belongs to ${companyLink(c)}${citeFact(c, "Key brands")} (${c.location}${citeFact(c, "Headquarters")}), ${rankLine(c)}${citeFact(c, "Rank basis")}.`,
      "",
      factLine(c, `Owner of ${c.name}`, c.ownership, "Owner"),
      "",
    );
  }
  lines.push("**Sources**", "", ...sourcesOf(unique(brands.map((b) => b.company))));
  return lines.join("\n");
}

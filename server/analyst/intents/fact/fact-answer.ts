// The facts asked of one or more companies (owner, size, headquarters, founding, brands, rank),
// each cited to the profile part that states it.
import type { Company } from "../../../content/companies.server.ts";
import { factLine, rankLine, sizeFact, sourcesOf } from "../../answer/company-lines.ts";
import { sizeFigure, type FactIntent } from "../../company-facts.ts";
import { citeFact, companyLink } from "../../company-links.ts";

function factLines(c: Company, intent: FactIntent): string[] {
  const p = c.profile;
  const size = factLine(c, "Size", sizeFigure(c), sizeFact(c));
  const rank = factLine(c, "Rank", rankLine(c), "Rank basis");
  switch (intent) {
    case "owner":
      return [factLine(c, "Owner", c.ownership, "Owner")];
    case "size":
      return [
        size,
        ...(c.coverage ? [factLine(c, "Coverage", c.coverage, "Coverage")] : []),
        ...(p ? [factLine(c, "Employees", p.employees, "Employees")] : []),
        rank,
      ];
    case "headquarters":
      return [factLine(c, "Headquarters", c.location, "Headquarters")];
    case "founded":
      return [factLine(c, "Founded", p?.founded ?? "not published", p ? "Founded" : undefined)];
    case "brands":
      return [
        factLine(
          c,
          c.type === "manufacturer" ? "Key brands" : "Focus area (principal suppliers and categories)",
          c.keyBrands.join(", "),
          c.keyBrands.length ? "Key brands" : undefined,
        ),
      ];
    case "rank":
      return [rank, size];
    case "compare":
      return [];
  }
}

/** The facts asked of each company, then the profiles' sources. */
export function factsAnswer(companies: Company[], shown: FactIntent[]): string {
  const lines = [`## ${companies.map((c) => c.name).join(" and ")}`, ""];
  for (const c of companies) {
    if (companies.length > 1) lines.push(`**${companyLink(c)}**`, "");
    else lines.push(`${companyLink(c)} is a ${c.type} based in ${c.location}${citeFact(c, "Headquarters")}.`, "");
    lines.push(...shown.flatMap((intent) => factLines(c, intent)), "");
  }
  lines.push("**Sources**", "", ...sourcesOf(companies));
  return lines.join("\n");
}

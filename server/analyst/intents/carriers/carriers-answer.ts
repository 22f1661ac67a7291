// A supplier's carriers ("the biggest Anheuser-Busch wholesaler"): the distributors that name it,
// in the table's order, and what their profiles claim of their place among its wholesalers.
import type { Company } from "../../../content/companies.server.ts";
import { RANK_BASIS, rankedItem } from "../../answer/company-lines.ts";
import { carriersOf, SUPERLATIVE } from "../../company-facts.ts";
import { companyLink } from "../../company-links.ts";

/** The distributors that carry a supplier, the highest-ranked first. */
export function carriersAnswer(supplier: Company): string {
  const carriers = carriersOf(supplier);
  const lines = [`## The largest distributors of ${supplier.name}`, "", `The supplier: ${companyLink(supplier)}.`, ""];
  if (!carriers.length) {
    lines.push(
      `None of the hub's top 25 distributors names ${supplier.name} among its principal suppliers or in its profile.`,
      "",
      `See the full table in [Top Players](/explorer).`,
    );
    return lines.join("\n");
  }
  const top = carriers[0]!;
  lines.push(
    `Of the hub's top 25 U.S. distributors (${RANK_BASIS.distributor}), the highest-ranked one that ${top.focus ? `names ${supplier.name} among its principal suppliers` : `names ${supplier.name} in its profile`} is **${top.row.company.name}** (#${top.row.rank}). The table ranks each distributor's whole business, not its ${supplier.name} volume, so what the profiles say follows.`,
    "",
  );
  const focus = carriers.filter((c) => c.focus);
  const others = carriers.filter((c) => !c.focus);
  if (focus.length)
    lines.push(
      `**Naming ${supplier.name} among their principal suppliers**`,
      "",
      ...focus.map((c) => rankedItem(c.row)),
      "",
    );
  if (others.length)
    lines.push(`**Naming ${supplier.name} in their profiles**`, "", ...others.map((c) => rankedItem(c.row)), "");
  // A claim in a profile ("the largest Anheuser-Busch wholesaler") answers what the table cannot.
  const claims = carriers
    .flatMap((c) => c.said.slice(0, 1).map((s) => ({ c, s })))
    .sort((a, b) => Number(SUPERLATIVE.test(b.s)) - Number(SUPERLATIVE.test(a.s)));
  if (claims.length)
    lines.push(
      "**What the profiles say**",
      "",
      ...claims.slice(0, 4).map(({ c, s }) => `- ${s} (${companyLink(c.row.company)})`),
      "",
    );
  lines.push(`See the full table in [Top Players](/explorer).`);
  return lines.join("\n");
}

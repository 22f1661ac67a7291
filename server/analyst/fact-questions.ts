// Questions generated from the company data, each with what a right answer must
// contain: every company × every fact question form, every manufacturer's key
// brand × "who owns it", neighbouring companies compared, and the rankings. The
// unit tests require all of them; bench/chat-eval scores them.
import { COMPANIES, type Company } from "../content/companies.server.ts";
import { rankedTable } from "#common/content/company-query.ts";
import { basedIn, coversState, rankOf } from "./company-facts.ts";
import { profileUrl } from "./company-links.ts";
import { US_STATES } from "./us-states.ts";

export interface GeneratedQuestion {
  form: string;
  question: string;
  mustContain: string[];
}

const link = (c: Company) => `](${profileUrl(c)})`;

export function generatedFactQuestions(): GeneratedQuestion[] {
  const out: GeneratedQuestion[] = [];
  for (const c of COMPANIES) {
    const add = (form: string, question: string, mustContain: string[]) =>
      out.push({ form, question, mustContain: [link(c), ...mustContain] });
    add("owner", `Who owns ${c.name}?`, [c.ownership]);
    add("headquarters", `Where is ${c.name} headquartered?`, [c.location]);
    add("founded", `When was ${c.name} founded?`, [c.profile!.founded]);
    add("size", `How big is ${c.name}?`, [
      `#${rankOf(c)} of the hub's top 25`,
      ...(c.revenue ? [c.revenue.replace(/^More/, "more")] : []),
      ...(c.sales ? [c.sales] : []),
    ]);
    add("brands", `What are ${c.name}'s key brands?`, c.keyBrands);
    add("rank", `Where does ${c.name} rank?`, [`#${rankOf(c)} of the hub's top 25`]);
    if (c.type === "manufacturer")
      for (const brand of c.keyBrands)
        add("brand owner", `Who owns ${brand}?`, [`**${brand}** belongs to`, c.ownership]);
  }
  for (const type of ["manufacturer", "distributor"] as const) {
    const rows = rankedTable(COMPANIES, type);
    for (let i = 0; i + 1 < rows.length; i++) {
      const [higher, lower] = [rows[i]!.company, rows[i + 1]!.company];
      out.push({
        form: "compare",
        question: `Is ${lower.name} bigger than ${higher.name}?`,
        mustContain: [
          `**${higher.name}** (#${i + 1}) ranks above **${lower.name}** (#${i + 2})`,
          `| Rank | #${i + 2} of 25 ${type}s | #${i + 1} of 25 ${type}s |`,
        ],
      });
    }
    const word = type === "manufacturer" ? "beverage alcohol manufacturers" : "distributors";
    out.push({
      form: "ranking",
      question: `Who are the largest ${word} in the U.S.?`,
      mustContain: rows.slice(0, 5).map((r) => `${r.rank}. **[${r.company.name}${link(r.company)}`),
    });
    out.push({
      form: "ranking",
      question: `List the top 10 ${word}`,
      mustContain: rows.slice(0, 10).map((r) => `${r.rank}. **[${r.company.name}${link(r.company)}`),
    });
  }
  // Every state where one of the distributors is based: the highest-ranked one based in or covering it leads.
  const distributors = rankedTable(COMPANIES, "distributor");
  for (const [name, code] of US_STATES) {
    const inState = distributors.filter((r) => basedIn(r.company, code) || coversState(r.company, code));
    if (!inState.some((r) => basedIn(r.company, code))) continue;
    const top = inState[0]!;
    out.push({
      form: "state ranking",
      question: `What is the biggest distributor in ${name}?`,
      mustContain: [`the highest-ranked one in ${name} is **${top.company.name}** (#${top.rank})`],
    });
  }
  return out;
}

// npm run check:companies (and the first step of npm run build): refuses the
// Top Players data when any claim lacks a source, cites a source the company
// does not list, or reports an event after the data's as-of date, when a
// source's address is not on its publisher's domains (content/source-publishers.json)
// and is not a declared archive of a page there, or when a key brand is not a
// brand's name, or when a claim's typed value does not say what its text says; otherwise prints how
// the claims are backed and how many typed values the file holds. `node server/cli/check-companies.ts FILE` checks another file.
import fs from "node:fs";
import path from "node:path";
import { claimsInReadingOrder } from "#common/content/company.ts";
import { parseCompanies } from "../content/companies-file.ts";

const file = process.argv[2] ?? path.resolve(import.meta.dirname, "../../content/companies.json");
try {
  const raw = JSON.parse(fs.readFileSync(file, "utf8")) as {
    companies: Array<{ sources: Array<{ archive?: string }> }>;
  };
  const companies = parseCompanies(raw);
  // An archived copy is declared in the file; the pages get the publisher's name and the address.
  const archived = raw.companies.flatMap((company) => company.sources).filter((source) => source.archive).length;
  let claims = 0;
  let estimates = 0;
  let undisclosed = 0;
  let sources = 0;
  const publishers = new Set<string>();
  // The typed values by the field of the file that holds them (money is sales or revenue).
  const values = { location: 0, founded: 0, ownership: 0, employees: 0, "sales/revenue": 0, coverage: 0 };
  for (const company of companies) {
    const facts = company.facts;
    if (facts) {
      values.location += 1;
      values.ownership += 1;
      if (facts.founded) values.founded += 1;
      if (facts.employees) values.employees += 1;
      if (facts.money) values["sales/revenue"] += 1;
      if (facts.coverage) values.coverage += 1;
    }
    sources += company.sources.length;
    for (const source of company.sources) publishers.add(source.publisher);
    for (const claim of company.claims ? claimsInReadingOrder(company.claims) : []) {
      claims += 1;
      if (claim.estimate) estimates += 1;
      else if (claim.cite.length === 0) undisclosed += 1;
    }
  }
  const typed = Object.values(values).reduce((sum, n) => sum + n, 0);
  const byField = Object.entries(values)
    .map(([field, n]) => `${n} ${field}`)
    .join(", ");
  console.log(
    `${path.relative(process.cwd(), file)}: ${companies.length} companies, ${claims} claims (${claims - estimates - undisclosed} sourced, ${estimates} estimates with their method, ${undisclosed} 'not disclosed'), ${sources} sources from ${publishers.size} publishers (${archived} of them archived copies), ${typed} typed values (${byField})`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// npm run check:companies (and the first step of npm run build): refuses the
// Top Players data when any claim lacks a source, cites a source the company
// does not list, or reports an event after the data's as-of date, when a
// source's address is not on its publisher's domains (content/source-publishers.json)
// and is not a declared archive of a page there, or when a key brand is not a
// brand's name; otherwise prints how the claims are backed. `node server/cli/check-companies.ts FILE` checks another file.
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
  for (const company of companies) {
    sources += company.sources.length;
    for (const source of company.sources) publishers.add(source.publisher);
    for (const claim of company.claims ? claimsInReadingOrder(company.claims) : []) {
      claims += 1;
      if (claim.estimate) estimates += 1;
      else if (claim.cite.length === 0) undisclosed += 1;
    }
  }
  console.log(
    `${path.relative(process.cwd(), file)}: ${companies.length} companies, ${claims} claims (${claims - estimates - undisclosed} sourced, ${estimates} estimates with their method, ${undisclosed} 'not disclosed'), ${sources} sources from ${publishers.size} publishers (${archived} of them archived copies)`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

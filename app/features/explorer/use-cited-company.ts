import { useEffect, useState } from "react";
import type { Company } from "#common/content/company.ts";

/** Whether a company came with its citations (the list leaves them out but for the profile the address opened). */
const isCited = (company: Company) => company.claims !== undefined || company.sources.length > 0;

/**
 * The company with its citations: at once when it has them, otherwise fetched from
 * `GET /api/companies/:id` while the profile already shows its text. Should the fetch fail, the
 * profile keeps its text without the marks.
 */
export function useCitedCompany(company: Company): Company {
  const [fetched, setFetched] = useState<Company | null>(null);
  const needed = !isCited(company);
  useEffect(() => {
    if (!needed) return;
    const controller = new AbortController();
    fetch(`/api/companies/${company.id}`, { signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<{ company: Company }>) : null))
      .then((body) => {
        if (body) setFetched(body.company);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [company.id, needed]);
  return needed && fetched?.id === company.id ? fetched : company;
}

import type { Company } from "#common/content/company.ts";
import type { ApprovalClass, LabelJoin } from "../db/schema.ts";
import { brandCore, plainName, sameBrand } from "./brand-names.ts";

// Issue 41: which Top Player a label approval belongs to, and what it is for that holder. Only
// manufacturers apply for labels; a distributor's "key brands" are the suppliers it carries.

export interface Joined {
  companyId: number;
  by: LabelJoin;
}

export interface LabelJoiner {
  /** The company an approval belongs to, or undefined when no company, or more than one, could be it. */
  join(approval: { brandName: string; permitNumber: string }): Joined | undefined;
}

/**
 * A joiner over the companies' data: a permit one company lists decides; else the brand name,
 * matched against each manufacturer's key brands, else against its name and aliases word for word.
 * A name two companies could own ("Sauza" were it two companies') joins neither.
 */
export function labelJoiner(companies: readonly Company[]): LabelJoiner {
  const makers = companies.filter((c) => c.type === "manufacturer");
  const permits = new Map<string, number[]>();
  for (const c of makers)
    for (const p of c.permits ?? []) permits.set(p.toUpperCase(), [...(permits.get(p.toUpperCase()) ?? []), c.id]);
  const brands = makers.map((c) => ({ id: c.id, cores: c.keyBrands.map(brandCore).filter(Boolean) }));
  const names = makers.map((c) => ({ id: c.id, names: new Set([c.name, ...(c.aliases ?? [])].map(plainName)) }));
  const only = (ids: number[]) => (new Set(ids).size === 1 ? ids[0] : undefined);

  return {
    join({ brandName, permitNumber }) {
      const byPermit = only(permits.get(permitNumber.trim().toUpperCase()) ?? []);
      if (byPermit !== undefined) return { companyId: byPermit, by: "permit" };
      const core = brandCore(brandName);
      const byBrand = brands.filter((b) => b.cores.some((k) => sameBrand(core, k))).map((b) => b.id);
      if (byBrand.length) {
        const id = only(byBrand);
        return id === undefined ? undefined : { companyId: id, by: "brand" };
      }
      const plain = plainName(brandName);
      const id = only(names.filter((n) => n.names.has(plain)).map((n) => n.id));
      return id === undefined ? undefined : { companyId: id, by: "alias" };
    },
  };
}

/** One approval of a holder's history, as classing reads it. */
export interface HeldApproval {
  ttbId: string;
  completedOn: string;
  brandName: string;
  fancifulName: string;
}

/**
 * What each approval of one holder's history is, read in the order the registry completed them
 * (by TTB ID on the same day): a new brand the first time a brand shows for the holder, a new
 * product the first time a fanciful name shows under a brand it has, a renewal after that.
 */
export function classify(history: readonly HeldApproval[]): Map<string, ApprovalClass> {
  const ordered = [...history].sort(
    (a, b) => a.completedOn.localeCompare(b.completedOn) || a.ttbId.localeCompare(b.ttbId),
  );
  const brandsSeen = new Set<string>();
  const productsSeen = new Set<string>();
  const classes = new Map<string, ApprovalClass>();
  for (const a of ordered) {
    const brand = brandCore(a.brandName) || plainName(a.brandName);
    const product = `${brand}\t${plainName(a.fancifulName)}`;
    classes.set(a.ttbId, !brandsSeen.has(brand) ? "new-brand" : !productsSeen.has(product) ? "new-product" : "renewal");
    brandsSeen.add(brand);
    productsSeen.add(product);
  }
  return classes;
}

import { describe, expect, it } from "vitest";
import type { Company } from "#common/content/company.ts";
import { COMPANIES } from "../content/companies.server.ts";
import { brandCore, sameBrand } from "./brand-names.ts";
import { classify, labelJoiner } from "./label-join.ts";

const idOf = (name: string) => COMPANIES.find((c) => c.name === name)!.id;
const joiner = labelJoiner(COMPANIES);
const joined = (brandName: string, permitNumber = "DSP-ZZ-1") => joiner.join({ brandName, permitNumber });

describe("a registry brand name and a key brand", () => {
  it("are compared without case, accents, apostrophes, full stops, a leading The or the kind of drink", () => {
    expect(brandCore("The Kraken rum")).toBe("kraken");
    expect(brandCore("TITO'S HANDMADE VODKA")).toBe("titos handmade");
    expect(brandCore("W.L. Weller")).toBe("wl weller");
    expect(brandCore("Bacardí rum")).toBe("bacardi");
    expect(brandCore("Sazerac Rye")).toBe("sazerac");
    expect(brandCore("Penelope Bourbon")).toBe("penelope");
    expect(brandCore("Moët & Chandon")).toBe("moet and chandon");
    // A name that is only a kind of drink stays one.
    expect(brandCore("Rum")).toBe("rum");
  });

  it("match by a start of two words or more, never by a single word", () => {
    expect(sameBrand("paul masson", "paul masson grande amber")).toBe(true);
    expect(sameBrand("jack", "jack daniels")).toBe(false);
    expect(sameBrand("buffalo", "buffalo trace")).toBe(false);
    expect(sameBrand("crown royal", "crown")).toBe(false);
    expect(sameBrand("", "crown")).toBe(false);
  });
});

describe("joining a label approval to a Top Player", () => {
  it("joins by a manufacturer's key brand, whatever the registry's spelling", () => {
    for (const [brand, company] of [
      ["BUFFALO TRACE", "Sazerac Company"],
      ["FIREBALL", "Sazerac Company"],
      ["W.L. WELLER", "Sazerac Company"],
      ["PAUL MASSON", "Sazerac Company"],
      ["TITO'S HANDMADE VODKA", "Tito's Handmade Vodka"],
      ["KRAKEN", "Proximo Spirits"],
      ["JACK DANIEL'S", "Brown-Forman"],
      ["ESPOLON", "Campari America"],
      ["MENAGE A TROIS", "Trinchero Family Estates"],
    ] as const)
      expect(joined(brand), brand).toEqual({ companyId: idOf(company), by: "brand" });
  });

  it("joins by the company's name or an alias word for word, and leaves anything else unjoined", () => {
    expect(joined("MILLER")).toEqual({ companyId: idOf("Molson Coors Beverage Company"), by: "alias" });
    expect(joined("SAM ADAMS")).toEqual({ companyId: idOf("The Boston Beer Company"), by: "alias" });
    expect(joined("JACK")).toBeUndefined();
    expect(joined("SAMPLE CRAFT DISTILLERY")).toBeUndefined();
    // A distributor's key brands are the suppliers it carries, never a label of its own: Grey Goose is Bacardi's.
    expect(joined("GREY GOOSE")).toEqual({ companyId: idOf("Bacardi USA"), by: "brand" });
    expect(joined("DIAGEO")).toBeUndefined();
  });

  it("joins by a permit the company data lists, before any brand; a name two companies share joins neither", () => {
    const base = COMPANIES.filter((c) => c.type === "manufacturer").slice(0, 2);
    const [a, b] = base as [Company, Company];
    const companies = [
      { ...a, permits: ["DSP-KY-113"], keyBrands: [...a.keyBrands, "Shared Label"] },
      { ...b, keyBrands: [...b.keyBrands, "Shared Label"] },
    ];
    const j = labelJoiner(companies);
    expect(j.join({ brandName: "ANY NAME AT ALL", permitNumber: "dsp-ky-113" })).toEqual({
      companyId: a.id,
      by: "permit",
    });
    expect(j.join({ brandName: "SHARED LABEL", permitNumber: "DSP-ZZ-1" })).toBeUndefined();
    expect(j.join({ brandName: b.keyBrands[0]!, permitNumber: "DSP-KY-113" })).toEqual({
      companyId: a.id,
      by: "permit",
    });
  });
});

describe("classing a holder's approvals", () => {
  const at = (ttbId: string, completedOn: string, brandName: string, fancifulName: string) => ({
    ttbId,
    completedOn,
    brandName,
    fancifulName,
  });

  it("reads them in the order they were completed: a new brand, then new products, then renewals", () => {
    const classes = classify([
      at("3", "2024-03-01", "BUFFALO TRACE", ""),
      at("1", "2024-01-01", "Buffalo Trace", ""),
      at("2", "2024-02-01", "BUFFALO TRACE", "KOSHER WHEAT"),
      at("4", "2024-03-01", "FIREBALL", "CINNAMON"),
      at("5", "2024-04-01", "FIREBALL", "cinnamon"),
    ]);
    expect(Object.fromEntries(classes)).toEqual({
      "1": "new-brand",
      "2": "new-product",
      "3": "renewal",
      "4": "new-brand",
      "5": "renewal",
    });
  });

  it("breaks a tie on the same day by TTB ID", () => {
    const classes = classify([at("20", "2024-01-01", "A B", ""), at("10", "2024-01-01", "A B", "")]);
    expect(classes.get("10")).toBe("new-brand");
    expect(classes.get("20")).toBe("renewal");
  });
});

import { changeOf, changeText, dollars, shareText } from "./figure-format.ts";

interface FamilyYears {
  family: { label: string };
  year: number;
  years: Array<{ year: number; months: number; dollars: number; share: number }>;
}

/** One sentence on a family's latest full year: "Tequila: $21.7 million in 2019, up 9.2% on 2018; 6.2% of all spirits' sales." */
export function familyHeadline({ family, year, years }: FamilyYears): string {
  const now = years.find((y) => y.year === year);
  if (!now) return `${family.label}: no full year yet.`;
  const before = years.find((y) => y.year === year - 1 && y.months === 12);
  const change = changeText(changeOf(now.dollars, before?.dollars));
  return `${family.label}: ${dollars(now.dollars)} in ${year}${change ? `, ${change} on ${year - 1}` : ""}; ${shareText(now.share)} of all spirits' sales.`;
}

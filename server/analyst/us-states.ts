import { US_STATES as STATE_NAMES } from "#common/content/company-facts.ts";

/**
 * The 50 states and D.C. with their postal codes (the one list, common/content/company-facts.ts),
 * and the other name D.C. goes by, for questions like "the biggest distributor in Texas".
 */
export const US_STATES: ReadonlyArray<readonly [name: string, code: string]> = [
  ...Object.entries(STATE_NAMES).map(([code, name]) => [name, code] as const),
  ["Washington, D.C.", "DC"],
];

/** The state a question asks about ("in Texas", "in TX", "cover Texas"), by name or by its postal code written in capitals. */
export function stateIn(question: string): { name: string; code: string } | undefined {
  // New York City is in New York; "Cali" is California.
  const folded = question
    .toLowerCase()
    .replace(/\b(?:nyc|new york city)\b/g, "new york")
    .replace(/\bcali\b/g, "california")
    // "Jersey" alone is New Jersey to the trade (the island has no wholesalers here).
    .replace(/(?<!\bnew )\bjersey\b/g, "new jersey");
  // Longer names first: "West Virginia" before "Virginia", "Washington, D.C." before "Washington".
  for (const [name, code] of [...US_STATES].sort((a, b) => b[0].length - a[0].length)) {
    const written = name.toLowerCase().replace(/[.,]/g, "\\$&");
    if (
      new RegExp(
        `\\b(?:in|across|of|for|cover(?:s|ing)?|serv(?:e|es|ing)|state\\s*[-:–])\\s+${written}(?![\\w,])`,
      ).test(folded) ||
      // "Texas-based", "the Texas beer distributors", "Ohio wholesalers": the state said as an adjective.
      new RegExp(
        `(?<![\\w-])${written}(?:[- ]based\\b|\\s+(?:(?:beer|wine|spirits|liquor|wine (?:and|&) spirits)\\s+)?(?:distribut|wholesal|supplier|manufactur|brewer|distiller|houses?\\b|market\\b))`,
      ).test(folded)
    )
      return { name, code };
  }
  // A code in capitals, or in lower case where "state" follows it ("in ny state") or it is no English word ("in nj").
  const code = (
    /\b(?:in|across|of|for)\s+([A-Z]{2})\b/.exec(question)?.[1] ??
    /\b(?:in|across|of|for)\s+([a-z]{2})\s+state\b/.exec(folded)?.[1] ??
    /\b(?:in|across|of|for)\s+(ny|nj|tx|fl|nc|sc|nv|az|ky|tn|wi|mn|ct|nh|ri|vt|ca|ga|va|wv|nm|nd|sd|ks|ia)\b/.exec(
      folded,
    )?.[1]
  )?.toUpperCase();
  const byCode = US_STATES.find(([, c]) => c === code);
  return byCode ? { name: byCode[0], code: byCode[1] } : undefined;
}

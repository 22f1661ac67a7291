// The label approvals the evaluation asks about (issue 41): a recorded sample written from TTB's
// Public COLA Registry export format, made up for the evaluation (not real approvals) under the Top
// Players' real key brands. Days are counted back from the day the evaluation runs, so "lately"
// (the last 90 days) always holds the same approvals.

export interface EvalApproval {
  ttbId: string;
  permit: string;
  /** Days before the evaluation's day. */
  daysAgo: number;
  fanciful: string;
  brand: string;
  classType: string;
  classTypeDesc: string;
  origin: string;
  originDesc: string;
}

const a = (
  ttbId: string,
  permit: string,
  daysAgo: number,
  brand: string,
  fanciful: string,
  classType: string,
  classTypeDesc: string,
  origin = "22",
  originDesc = "KENTUCKY",
): EvalApproval => ({ ttbId, permit, daysAgo, fanciful, brand, classType, classTypeDesc, origin, originDesc });

export const EVAL_APPROVALS: readonly EvalApproval[] = [
  // Sazerac: Buffalo Trace and Fireball held for years; lately a new product, two renewals and a new brand.
  a("22100001000101", "DSP-KY-113", 700, "BUFFALO TRACE", "", "101", "STRAIGHT BOURBON WHISKY"),
  a(
    "22100001000102",
    "DSP-KY-113",
    650,
    "FIREBALL",
    "CINNAMON WHISKY",
    "641",
    "CINNAMON FLAVORED WHISKY",
    "CA",
    "CANADA",
  ),
  a("26100001000103", "DSP-KY-113", 40, "BUFFALO TRACE", "BOTTLED IN BOND", "101", "STRAIGHT BOURBON WHISKY"),
  a("26100001000104", "DSP-KY-113", 33, "BUFFALO TRACE", "", "101", "STRAIGHT BOURBON WHISKY"),
  a(
    "26100001000105",
    "DSP-KY-113",
    21,
    "FIREBALL",
    "CINNAMON WHISKY",
    "641",
    "CINNAMON FLAVORED WHISKY",
    "CA",
    "CANADA",
  ),
  a("26100001000106", "DSP-KY-113", 9, "W.L. WELLER", "FULL PROOF", "101", "STRAIGHT BOURBON WHISKY"),
  // Diageo: a renewal and a new brand (Don Julio) lately, a new product long ago.
  a("23100001000201", "NY-I-4001", 500, "CROWN ROYAL", "", "126", "CANADIAN WHISKY", "CA", "CANADA"),
  a("24100001000202", "NY-I-4001", 300, "CROWN ROYAL", "BLACKBERRY", "151", "FLAVORED WHISKY", "CA", "CANADA"),
  a("26100001000203", "NY-I-4001", 15, "CROWN ROYAL", "BLACKBERRY", "151", "FLAVORED WHISKY", "CA", "CANADA"),
  a("26100001000204", "NY-I-4001", 12, "DON JULIO", "ROSADO", "943", "TEQUILA FB", "MX", "MEXICO"),
  // Brown-Forman: nothing in the last 90 days, a new product 200 days ago.
  a("24100001000301", "DSP-TN-1", 420, "JACK DANIEL'S", "", "141", "TENNESSEE WHISKY", "TN", "TENNESSEE"),
  a("25100001000302", "DSP-TN-1", 200, "JACK DANIEL'S", "BONDED RYE", "161", "STRAIGHT RYE WHISKY", "TN", "TENNESSEE"),
  // Campari: a new brand lately (Espolòn's first in the sample) and a new product.
  a("26100001000401", "NY-I-5002", 50, "ESPOLON", "REPOSADO", "943", "TEQUILA FB", "MX", "MEXICO"),
  a("26100001000402", "NY-I-5002", 6, "ESPOLON", "ANEJO", "943", "TEQUILA FB", "MX", "MEXICO"),
  // Heaven Hill: two new products of Elijah Craig lately.
  a("23100001000501", "DSP-KY-31", 800, "ELIJAH CRAIG", "SMALL BATCH", "101", "STRAIGHT BOURBON WHISKY"),
  a("26100001000502", "DSP-KY-31", 28, "ELIJAH CRAIG", "TOASTED BARREL", "101", "STRAIGHT BOURBON WHISKY"),
  a("26100001000503", "DSP-KY-31", 3, "ELIJAH CRAIG", "18 YEAR OLD", "101", "STRAIGHT BOURBON WHISKY"),
  // A craft distiller no Top Player owns.
  a("26100001000601", "DSP-OR-15020", 4, "SAMPLE CRAFT SPIRITS", "JUNIPER", "171", "DISTILLED GIN", "OR", "OREGON"),
];

const CSV_HEADER =
  "TTB ID,Permit No.,Serial Number,Completed Date,Fanciful Name,Brand Name,Origin,Origin Desc,Class/Type,Class/Type Desc";
const quoted = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The sample as the registry's CSV export, its days counted back from `now`. */
export function evalColaCsv(now: Date): string {
  const lines = EVAL_APPROVALS.map((x, i) => {
    const day = new Date(now.getTime() - x.daysAgo * 86_400_000);
    const mdY = `${String(day.getUTCMonth() + 1).padStart(2, "0")}/${String(day.getUTCDate()).padStart(2, "0")}/${day.getUTCFullYear()}`;
    return [
      `'${x.ttbId}`,
      x.permit,
      String(260000 + i),
      mdY,
      quoted(x.fanciful),
      quoted(x.brand),
      x.origin,
      quoted(x.originDesc),
      x.classType,
      quoted(x.classTypeDesc),
    ].join(",");
  });
  return `${[CSV_HEADER, ...lines].join("\r\n")}\r\n`;
}

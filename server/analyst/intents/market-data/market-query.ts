import { z } from "zod";

// A question about the market figures, read: what every later stage (evidence, answer, the next
// turn's follow-up) reads instead of the question's words. Kept in the conversation's context,
// so it is a schema.

/** A family the question names, or a part of one ("bourbon" in whiskey). */
export const subjectSchema = z.object({
  slug: z.string().max(40),
  /** The words of the part asked about, when it is not the whole family. */
  member: z.string().max(60).optional(),
  /** Words of the state's category names that narrow it ("straight" bourbon, "american" vodka). */
  qualifiers: z.array(z.string().max(40)).max(6).optional(),
});
export type Subject = z.infer<typeof subjectSchema>;

export const MARKET_KINDS = ["trend", "compare", "rank", "share", "amount", "overview"] as const;

export const marketQuerySchema = z.object({
  subjects: z.array(subjectSchema).max(12),
  /** Which measure leads: dollars unless the question asks about liters or volume. */
  measure: z.enum(["dollars", "liters"]),
  /**
   * trend: how one family is doing; compare: two or more side by side; rank: every family in
   * order (with the subjects' places); share: of all spirits; amount: how much in a year;
   * overview: all spirits.
   */
  kind: z.enum(MARKET_KINDS),
  /** What a ranking or a comparison orders by: size, the change on the year before, or both. */
  basis: z.enum(["size", "growth", "both"]),
  /** Smallest, slowest or falling most first. */
  reverse: z.boolean(),
  /** The year asked for (perhaps one the figures do not hold); none: the latest full year. */
  year: z.number().int().optional(),
  /** A month of that year asked for alone (1-12: "December 2019"). */
  month: z.number().int().min(1).max(12).optional(),
  /** How the question named the year, when not by its number ("this year"). */
  yearSaid: z.string().max(40).optional(),
  /** The first year of a span asked for ("since 2015", "2016 to 2019"). */
  from: z.number().int().optional(),
  /** A span of the latest full years asked for ("over the last 5 years"). */
  lastYears: z.number().int().min(1).max(50).optional(),
  /** How many a ranking asks for ("the top 3"). */
  count: z.number().int().positive().max(20).optional(),
  monthly: z.boolean(),
  counties: z.boolean(),
  /**
   * data: the question asks for figures (it names Iowa, a year, a measure, a share, a ranking of
   * families…); family: it only names a family ("how's bourbon holding up?"), which the hub's
   * coverage may answer better, with the figures beside.
   */
  asks: z.enum(["data", "family"]),
  /** Whether the question names a word of the figures (Iowa, a year, a measure, a share, a ranking…), whatever else it names. */
  cue: z.boolean(),
  /** The question's topic words the figures say nothing about ("tariffs", "bars"), as written. */
  otherWords: z.array(z.string().max(60)).max(20),
  /** Whether the query was carried from the turn before ("and rum?"). */
  carried: z.boolean(),
});
export type MarketQuery = z.infer<typeof marketQuerySchema>;

import concepts from "./sec-concepts.json" with { type: "json" };
import { FILED_MEASURES, type FiledMeasureName } from "#common/records/filed-figures.ts";

/** A concept as the measures list it: "us-gaap:Revenues". */
export interface ConceptName {
  taxonomy: string;
  concept: string;
}

/** Each measure's concepts in the order they are taken (sec-concepts.json). */
export const MEASURE_CONCEPTS: Readonly<Record<FiledMeasureName, readonly ConceptName[]>> = Object.fromEntries(
  FILED_MEASURES.map((measure) => [
    measure,
    concepts[measure].map((name) => {
      const [taxonomy, concept] = name.split(":") as [string, string];
      return { taxonomy, concept };
    }),
  ]),
) as Record<FiledMeasureName, ConceptName[]>;

const MEASURE_OF = new Map<string, FiledMeasureName>(
  FILED_MEASURES.flatMap((measure) => MEASURE_CONCEPTS[measure].map((c) => [`${c.taxonomy}:${c.concept}`, measure])),
);

/** The measure a taxonomy's concept carries, if the hub reads it. */
export const measureOf = (taxonomy: string, concept: string) => MEASURE_OF.get(`${taxonomy}:${concept}`);

/** Where a concept stands in its measure's order: the lower is taken first. */
export const conceptRank = (measure: FiledMeasureName, taxonomy: string, concept: string) =>
  MEASURE_CONCEPTS[measure].findIndex((c) => c.taxonomy === taxonomy && c.concept === concept);

import type { Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Issue 41: the listed Top Players' own filings with the SEC (EDGAR's companyfacts and submissions
// JSON). `sec_filings` holds one row a filing (its accession number), from either file; the
// submissions file adds the report's date and its primary document. `filed_figures` holds each
// revenue, net sales and excise figure as the filing reported it, once by its filing, concept and
// period: a later filing of the same period (a 10-K after a 10-Q, an amendment) is a row of its own,
// and the pages take the latest filed. Both name the import that first brought them.
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable("sec_filings")
    .ifNotExists()
    .addColumn("accession", "text", (c) => c.primaryKey())
    .addColumn("cik", "integer", (c) => c.notNull())
    .addColumn("form", "text", (c) => c.notNull())
    .addColumn("filed_on", d.dateType, (c) => c.notNull())
    .addColumn("report_date", d.dateType)
    .addColumn("primary_document", "text")
    .addColumn("import_id", "integer", (c) => c.notNull().references("data_imports.id"))
    .execute();
  await db.schema
    .createIndex("sec_filings_cik_idx")
    .ifNotExists()
    .on("sec_filings")
    .columns(["cik", "filed_on"])
    .execute();
  await db.schema
    .createTable("filed_figures")
    .ifNotExists()
    .addColumn("accession", "text", (c) => c.notNull())
    .addColumn("cik", "integer", (c) => c.notNull())
    .addColumn("taxonomy", "text", (c) => c.notNull())
    .addColumn("concept", "text", (c) => c.notNull())
    .addColumn("measure", "text", (c) => c.notNull())
    .addColumn("unit", "text", (c) => c.notNull())
    .addColumn("period_start", d.dateType, (c) => c.notNull())
    .addColumn("period_end", d.dateType, (c) => c.notNull())
    .addColumn("value", d.engine === "postgres" ? "double precision" : "real", (c) => c.notNull())
    .addColumn("fiscal_year", "integer")
    .addColumn("fiscal_period", "text")
    .addColumn("import_id", "integer", (c) => c.notNull().references("data_imports.id"))
    .addPrimaryKeyConstraint("filed_figures_pk", ["accession", "taxonomy", "concept", "period_start", "period_end"])
    .execute();
  await db.schema
    .createIndex("filed_figures_cik_idx")
    .ifNotExists()
    .on("filed_figures")
    .columns(["cik", "period_end"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("filed_figures").ifExists().execute();
  await db.schema.dropTable("sec_filings").ifExists().execute();
}

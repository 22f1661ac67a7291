import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Issue 39: the hub's own numbers. A source says who publishes a figure and what it
// means; an import records one file read into it (its checksum, rows read, kept and
// refused); a series is one measure of one geography and category; an observation is
// its value for one period, naming the import it came from, so every figure can be
// traced to a file and a publisher.
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable("data_sources")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("publisher", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("licence", "text", (c) => c.notNull())
    .addColumn("meaning", "text", (c) => c.notNull())
    .addColumn("caveats", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("data_imports")
    .ifNotExists()
    .addColumn("id", d.idType, (c) => d.idColumn(c))
    .addColumn("source_id", "text", (c) => c.notNull().references("data_sources.id"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("checksum", "text", (c) => c.notNull())
    .addColumn("imported_at", d.timestampType, (c) => c.notNull())
    .addColumn("rows_read", "integer", (c) => c.notNull())
    .addColumn("rows_kept", "integer", (c) => c.notNull())
    .addColumn("rows_refused", "integer", (c) => c.notNull())
    // The first and last month the file holds (YYYY-MM): those months' figures are the file's.
    .addColumn("first_period", "text", (c) => c.notNull())
    .addColumn("last_period", "text", (c) => c.notNull())
    .addColumn("periods_added", "integer", (c) => c.notNull())
    .addColumn("periods_replaced", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("data_series")
    .ifNotExists()
    .addColumn("id", d.idType, (c) => d.idColumn(c))
    .addColumn("source_id", "text", (c) => c.notNull().references("data_sources.id"))
    .addColumn("measure", "text", (c) => c.notNull())
    .addColumn("unit", "text", (c) => c.notNull())
    // "state" or "county:<name>"; a family ("tequila") or a category inside it ("tequila/mixto tequila").
    .addColumn("geography", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("data_series_key_idx")
    .ifNotExists()
    .unique()
    .on("data_series")
    .columns(["source_id", "measure", "geography", "category"])
    .execute();
  await db.schema
    .createTable("data_observations")
    .ifNotExists()
    .addColumn("series_id", "integer", (c) => c.notNull().references("data_series.id"))
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("value", d.engine === "postgres" ? "double precision" : "real", (c) => c.notNull())
    .addColumn("import_id", "integer", (c) => c.notNull().references("data_imports.id"))
    .addPrimaryKeyConstraint("data_observations_pk", ["series_id", "period"])
    .execute();
  await db.schema
    .createIndex("data_observations_period_idx")
    .ifNotExists()
    .on("data_observations")
    .column("period")
    .execute();

  // An import is one transaction that writes its row here: pages showing figures are
  // rendered afresh after it (the content version, 2026-11-21T1800-content-version).
  if (d.engine === "postgres") {
    await sql`create trigger data_imports_content_version after insert or update or delete on data_imports
      for each statement execute function proofline_bump_content_version()`.execute(db);
  } else {
    for (const event of ["insert", "update", "delete"]) {
      await sql`create trigger if not exists ${sql.id(`data_imports_${event}_content_version`)} after ${sql.raw(event)} on data_imports
        begin update content_version set version = version + 1 where id = 1; end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  if (d.engine === "postgres")
    await sql`drop trigger if exists data_imports_content_version on data_imports`.execute(db);
  else
    for (const event of ["insert", "update", "delete"])
      await sql`drop trigger if exists ${sql.id(`data_imports_${event}_content_version`)}`.execute(db);
  for (const table of ["data_observations", "data_series", "data_imports", "data_sources"])
    await db.schema.dropTable(table).ifExists().execute();
}

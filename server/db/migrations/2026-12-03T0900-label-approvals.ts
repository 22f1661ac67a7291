import type { Kysely } from "kysely";
import { dialectOf } from "../dialect.ts";

// Issue 41: TTB's label approvals (the Public COLA Registry), one row an approval, kept once by its
// TTB ID whatever the overlap between exports. `company_id` is the Top Player it was joined to (and
// `joined_by` how: its brand, an alias, or its permit), and `approval_class` what it is for that
// holder: a new brand, a new product (fanciful name) of a known brand, or a renewal. The class is
// worked out again over the holder's whole history at each import, so files may come in any order.
// Each approval names the import that first brought it (data_imports, whose trigger bumps the
// content version).
export async function up(db: Kysely<any>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable("label_approvals")
    .ifNotExists()
    .addColumn("ttb_id", "text", (c) => c.primaryKey())
    .addColumn("permit_number", "text", (c) => c.notNull())
    .addColumn("serial_number", "text", (c) => c.notNull())
    .addColumn("completed_on", d.dateType, (c) => c.notNull())
    .addColumn("fanciful_name", "text", (c) => c.notNull())
    .addColumn("brand_name", "text", (c) => c.notNull())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("origin_desc", "text")
    .addColumn("class_type", "text", (c) => c.notNull())
    .addColumn("class_type_desc", "text")
    .addColumn("company_id", "integer")
    .addColumn("joined_by", "text")
    .addColumn("approval_class", "text", (c) => c.notNull())
    .addColumn("import_id", "integer", (c) => c.notNull().references("data_imports.id"))
    .execute();
  await db.schema
    .createIndex("label_approvals_completed_idx")
    .ifNotExists()
    .on("label_approvals")
    .columns(["completed_on", "ttb_id"])
    .execute();
  await db.schema
    .createIndex("label_approvals_company_idx")
    .ifNotExists()
    .on("label_approvals")
    .columns(["company_id", "completed_on"])
    .execute();
  await db.schema
    .createIndex("label_approvals_permit_idx")
    .ifNotExists()
    .on("label_approvals")
    .column("permit_number")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("label_approvals").ifExists().execute();
}

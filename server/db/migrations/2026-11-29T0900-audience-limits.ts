import type { Kysely } from "kysely";

// Issue 38: counting a crowd must not freeze the server, and one client must not
// inflate the figures (docs/analytics.md, docs/security.md).
// - download_windows is read by client for every batch: an index on (client, started_at).
// - Each window keeps its client's network (an address, or an IPv6 /64) as a hash with the
//   same day's salt, indexed, so a batch can count how many clients a network had in 24 hours.
//   Rows from before this migration have none and count for no network.
// - reader_clients: the views each visitor made on a day, per network (hashes with the day's
//   salt), pruned with reader_visitors: how visitors per network and views per visitor are bounded.
export async function up(db: Kysely<any>): Promise<void> {
  const tables = await db.introspection.getTables();
  const windows = tables.find((t) => t.name === "download_windows");
  if (windows && !windows.columns.some((c) => c.name === "network"))
    await db.schema.alterTable("download_windows").addColumn("network", "text").execute();
  await db.schema
    .createIndex("download_windows_client_idx")
    .ifNotExists()
    .on("download_windows")
    .columns(["client", "started_at"])
    .execute();
  await db.schema
    .createIndex("download_windows_network_idx")
    .ifNotExists()
    .on("download_windows")
    .columns(["network", "started_at"])
    .execute();

  await db.schema
    .createTable("reader_clients")
    .ifNotExists()
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("visitor", "text", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("reader_clients_pk", ["day", "network", "visitor"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reader_clients").ifExists().execute();
  await db.schema.dropIndex("download_windows_network_idx").ifExists().execute();
  await db.schema.dropIndex("download_windows_client_idx").ifExists().execute();
  await db.schema.alterTable("download_windows").dropColumn("network").execute();
}

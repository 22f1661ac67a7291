import { AUDIENCE_TABLES, audienceCsv } from "#server/analytics/audience-csv.server.ts";
import { periodFrom, periodQuery } from "#server/analytics/audience-period.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { requireStaff } from "./desk-request.server";
import type { Route } from "./+types/audience-csv";

/** /admin/audience.csv?table=…&from=…&to=…: one table of the Audience page as a spreadsheet file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  await requireStaff(request, database);
  const url = new URL(request.url);
  const table = AUDIENCE_TABLES.find((t) => t === url.searchParams.get("table"));
  const query = periodQuery.safeParse(Object.fromEntries([...url.searchParams].filter(([k]) => k !== "table")));
  if (!table || !query.success)
    return new Response("Unknown table or dates.\n", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const period = periodFrom(query.data);
  return new Response(await audienceCsv(database.db, table, period), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audience-${table}-${period.from}-to-${period.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

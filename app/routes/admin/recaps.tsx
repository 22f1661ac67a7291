import { recapHeadlinePage } from "#server/data/recaps.server.ts";
import { deskList } from "#server/desk/desk-list.server.ts";
import { listRecapDrafts } from "#server/desk/drafts.server.ts";
import { requireStaff } from "./desk-request.server";
import { appContext } from "#server/http/app-context.server.ts";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { DeskItemsPage } from "../../features/desk/desk-list";
import { deskMeta } from "../../features/desk/desk-text";
import type { Route } from "./+types/recaps";

export const meta: Route.MetaFunction = () => deskMeta("Recaps");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  await requireStaff(request, database);
  return deskList(request, "recaps", {
    drafts: (q, state) => listRecapDrafts(database.db, { q, state }),
    published: (q, window) => recapHeadlinePage(database.db, q, window),
    title: (r) => r.headline,
    view: (id) => `/recap/${id}`,
  });
}

export default function DeskRecaps({ loaderData }: Route.ComponentProps) {
  return <DeskItemsPage data={loaderData} noun="recap" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

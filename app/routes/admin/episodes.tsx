import { episodePage } from "#server/data/episodes.server.ts";
import { deskList } from "#server/desk/desk-list.server.ts";
import { listEpisodeDrafts } from "#server/desk/drafts.server.ts";
import { requireStaff } from "./desk-request.server";
import { appContext } from "#server/http/app-context.server.ts";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { DeskItemsPage } from "../../features/desk/desk-list";
import { deskMeta } from "../../features/desk/desk-text";
import type { Route } from "./+types/episodes";

export const meta: Route.MetaFunction = () => deskMeta("Episodes");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database } = context.get(appContext);
  await requireStaff(request, database);
  return deskList(request, "episodes", {
    drafts: (q, state) => listEpisodeDrafts(database.db, { q, state }),
    published: (q, window) => episodePage(database.db, { q, window }),
    title: (e) => e.title,
    view: (id) => `/podcast?episode=${id}#episode-${id}`,
  });
}

export default function DeskEpisodes({ loaderData }: Route.ComponentProps) {
  return <DeskItemsPage data={loaderData} noun="episode" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

import { redirect } from "react-router";
import { getRecap } from "#server/data/recaps.server.ts";
import { rowId } from "#common/data/row-id.ts";
import { NO_STORE, requireStaff, requireStaffForm } from "./desk-request.server";
import { sendTestRecap } from "#server/newsletter/test-send.server.ts";
import { queueRecap } from "#server/newsletter/send-queue.server.ts";
import { emailAddress } from "#server/newsletter/subscribers.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import type { Route } from "./+types/recap-newsletter";

/** Nothing to show here: the panel lives on the recap's page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff(request, context.get(appContext).database);
  throw redirect(`/admin/recaps/${rowId(params.id) ?? 0}`, { headers: NO_STORE });
}

/** The recap page's newsletter panel: a test to one address, or the send to every subscriber. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { database, config, logger, newsletter } = context.get(appContext);
  const { session, form } = await requireStaffForm(request, database, config);
  const id = rowId(params.id) ?? 0;
  const back = (query: string) => redirect(`/admin/recaps/${id}?${query}`, { headers: NO_STORE });
  const recap = await getRecap(database.db, id, config.MEDIA_BASE_URL);
  if (!recap) throw new Response("That recap is not there any more.", { status: 404, headers: NO_STORE });
  if (!newsletter.mailer) return back("newsletter-problem=smtp");

  if (form.get("intent") === "send") {
    const outcome = await queueRecap(database.db, id, `desk:${session.user.email}`);
    return back(outcome.queued ? "newsletter=queued" : "newsletter-problem=already");
  }
  const to = emailAddress.safeParse(form.get("to") ?? "");
  if (!to.success) return back("newsletter-problem=address");
  try {
    await sendTestRecap(newsletter.mailer, recap, newsletter.site, to.data);
  } catch (err) {
    logger.error({ err: err instanceof Error ? err.message : String(err), recap: id }, "newsletter test not sent");
    return back("newsletter-problem=smtp");
  }
  return back("newsletter=test");
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

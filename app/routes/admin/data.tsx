import { data } from "react-router";
import type { DeskImport } from "#common/desk/data-import.ts";
import { takeImportNote } from "#server/desk/import-note.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { deskImports, IMPORTS_SHOWN } from "#server/market/desk-imports.server.ts";
import { DataImportForm, ImportTime } from "../../features/desk/data-import-form";
import { DeskErrorBoundary } from "../../features/desk/desk-error";
import { deskMeta } from "../../features/desk/desk-text";
import { DeskPage } from "../../features/desk/desk-ui";
import { NO_STORE, requireStaff } from "./desk-request.server";
import type { Route } from "./+types/data";

export const meta: Route.MetaFunction = () => deskMeta("Data");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, config } = context.get(appContext);
  await requireStaff(request, database);
  // The outcome of an import sent without JavaScript, shown once (server/desk/import-note.server.ts).
  const { note, clear } = takeImportNote(request.headers.get("cookie"));
  const page = await deskImports(database.db);
  return data(
    { ...page, shown: IMPORTS_SHOWN, note, maxBytes: config.DATA_IMPORT_MB * 1024 * 1024 },
    { headers: { ...NO_STORE, ...(clear ? { "Set-Cookie": clear } : {}) } },
  );
}

const n = (value: number) => value.toLocaleString("en-US");

/** One import, as a card: a table of nine columns does not fit a phone. */
function ImportItem({ item }: { item: DeskImport }) {
  const months = item.firstPeriod === item.lastPeriod ? item.firstPeriod : `${item.firstPeriod} to ${item.lastPeriod}`;
  return (
    <li className="rounded-card bg-surface p-4 shadow-card" data-import-id={item.id}>
      <p className="text-sm text-ink-700">
        <ImportTime iso={item.importedAt} />
      </p>
      <p className="mt-1 font-semibold break-words text-ink-950" data-file-name>
        {item.fileName}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-ink-800">
        <dt className="text-ink-600">Checksum</dt>
        <dd>
          <code title={`SHA-256 ${item.checksum}`}>{item.checksum.slice(0, 12)}</code>
        </dd>
        <dt className="text-ink-600">Rows</dt>
        <dd className="tabular-nums">{`${n(item.rowsRead)} read, ${n(item.rowsKept)} kept, ${n(item.rowsRefused)} refused`}</dd>
        <dt className="text-ink-600">Months</dt>
        <dd className="tabular-nums">{`${months}: ${n(item.periodsAdded)} added, ${n(item.periodsReplaced)} replaced`}</dd>
      </dl>
    </li>
  );
}

export default function DeskData({ loaderData }: Route.ComponentProps) {
  const { source, imports, total, shown, note, maxBytes } = loaderData;
  return (
    <DeskPage title="Data">
      <p className="text-ink-700">
        The hub&apos;s market figures, from public sources, shown on the{" "}
        <a href="/data" className="font-semibold text-copper-700 underline">
          Data pages
        </a>
        . Import a newer file here: its months are added, and the months it repeats are replaced.
      </p>

      <section aria-labelledby="source-title" className="space-y-2 rounded-card bg-surface p-4 shadow-card">
        <h2 id="source-title" className="text-lg font-semibold text-ink-950">
          {source.title}
        </h2>
        <dl className="space-y-2 text-sm text-ink-800">
          <div>
            <dt className="font-semibold text-ink-900">Publisher</dt>
            <dd>
              <a href={source.url} className="break-words text-copper-700 underline" rel="noreferrer">
                {source.publisher}
              </a>
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-ink-900">Licence</dt>
            <dd>{source.licence}</dd>
          </div>
          <div>
            <dt className="font-semibold text-ink-900">What the figures are</dt>
            <dd>{source.meaning}</dd>
          </div>
          <div>
            <dt className="font-semibold text-ink-900">What they are not</dt>
            <dd>{source.caveats}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="import-title" className="space-y-3">
        <h2 id="import-title" className="text-lg font-semibold text-ink-950">
          Import a file
        </h2>
        <DataImportForm source={source.id} maxBytes={maxBytes} initial={note} />
      </section>

      <section aria-labelledby="imports-title" className="space-y-3">
        <h2 id="imports-title" className="text-lg font-semibold text-ink-950">
          Imports so far
        </h2>
        {imports.length === 0 ? (
          <p className="rounded-card bg-surface p-6 text-ink-600">No file has been imported yet.</p>
        ) : (
          <>
            <p className="text-sm text-ink-700">
              {total === 1 ? "One import" : `${n(total)} imports`}, newest first
              {total > shown ? ` (the latest ${shown} shown)` : ""}. Each figure on the site names the import that wrote
              it.
            </p>
            <ol className="space-y-3" aria-label="Imports">
              {imports.map((item) => (
                <ImportItem key={item.id} item={item} />
              ))}
            </ol>
          </>
        )}
      </section>
    </DeskPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

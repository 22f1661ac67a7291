import { data } from "react-router";
import { importCounts, type DeskImport, type ImportNote } from "#common/desk/data-import.ts";
import { takeImportNote } from "#server/desk/import-note.server.ts";
import { appContext } from "#server/http/app-context.server.ts";
import { deskImports, IMPORTS_SHOWN, type DeskSourceImports } from "#server/desk/data-imports.server.ts";
import { DataImportForm, ImportTime } from "../../features/desk/data-import-form";
import { FilingReviews } from "../../features/desk/filing-reviews";
import { filingReviews } from "#server/records/sec-filings.server.ts";
import { COMPANIES } from "#server/content/companies.server.ts";
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
  const [sources, reviews] = await Promise.all([deskImports(database.db), filingReviews(database.db, COMPANIES)]);
  return data(
    { sources, reviews, shown: IMPORTS_SHOWN, note, maxBytes: config.DATA_IMPORT_MB * 1024 * 1024 },
    { headers: { ...NO_STORE, ...(clear ? { "Set-Cookie": clear } : {}) } },
  );
}

const n = (value: number) => value.toLocaleString("en-US");

/** One import, as a card: a table of nine columns does not fit a phone. */
function ImportItem({ item, source }: { item: DeskImport; source: string }) {
  const counts = importCounts(source);
  const span = item.firstPeriod === item.lastPeriod ? item.firstPeriod : `${item.firstPeriod} to ${item.lastPeriod}`;
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
        <dt className="text-ink-600">{counts.span}</dt>
        <dd className="tabular-nums">{`${span}: ${n(item.periodsAdded)} ${counts.added}, ${n(item.periodsReplaced)} ${counts.repeated}`}</dd>
      </dl>
    </li>
  );
}

/** One source: who publishes it and what its figures are, its form, and its imports. */
function SourceSection({
  entry,
  shown,
  note,
  maxBytes,
}: {
  entry: DeskSourceImports;
  shown: number;
  note: ImportNote | undefined;
  maxBytes: number;
}) {
  const { source, imports, total } = entry;
  const id = `source-${source.id}`;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4" data-source={source.id}>
      <div className="space-y-2 rounded-card bg-surface p-4 shadow-card">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-ink-950">
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
      </div>

      <h3 className="font-semibold text-ink-950">Import a file</h3>
      <DataImportForm source={source.id} maxBytes={maxBytes} initial={note} />

      <h3 className="font-semibold text-ink-950">Imports so far</h3>
      {imports.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-ink-600">No file has been imported yet.</p>
      ) : (
        <>
          <p className="text-sm text-ink-700">
            {total === 1 ? "One import" : `${n(total)} imports`}, newest first
            {total > shown ? ` (the latest ${shown} shown)` : ""}. Each figure on the site names the import that wrote
            it.
          </p>
          <ol className="space-y-3" aria-label={`Imports of ${source.title}`}>
            {imports.map((item) => (
              <ImportItem key={item.id} item={item} source={source.id} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

export default function DeskData({ loaderData }: Route.ComponentProps) {
  const { sources, reviews, shown, note, maxBytes } = loaderData;
  // A note sent before notes named their source (an upgrade mid-import) belongs to the first source.
  const noteFor = (source: string) => (note && (note.source ?? sources[0]?.source.id) === source ? note : undefined);
  return (
    <DeskPage title="Data">
      <p className="text-ink-700">
        The hub&apos;s market figures and public records, shown on the{" "}
        <a href="/data" className="font-semibold text-copper-700 underline">
          Data pages
        </a>
        . Import a newer file here: each source says what a file adds and what it replaces.
      </p>
      <FilingReviews reviews={reviews} />
      {sources.map((entry) => (
        <SourceSection
          key={entry.source.id}
          entry={entry}
          shown={shown}
          note={noteFor(entry.source.id)}
          maxBytes={maxBytes}
        />
      ))}
    </DeskPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DeskErrorBoundary error={error} />;
}

import { isRouteErrorResponse } from "react-router";

/**
 * The spec's generic fallback for an unhandled route error: the status and status
 * text (and the refusal's `formError`, when it has one), or the message, or the
 * serialised error. Stacks only in development.
 */
export function RouteErrorFallback({ error }: { error: unknown }) {
  let detail: React.ReactNode;
  if (isRouteErrorResponse(error)) {
    // A refusal may say why in words (`formError`, as the forms' refusals do).
    const why = (error.data as { formError?: unknown } | null | undefined)?.formError;
    detail = (
      <>
        <p className="text-xl font-semibold">
          {error.status} {error.statusText}
        </p>
        {typeof why === "string" ? <p>{why}</p> : null}
      </>
    );
  } else if (error instanceof Error) {
    detail = (
      <>
        <p className="text-xl font-semibold">{error.message}</p>
        {import.meta.env.DEV && error.stack ? <ErrorDump text={error.stack} /> : null}
      </>
    );
  } else {
    detail = <ErrorDump text={serialise(error)} />;
  }
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6" role="alert">
      <h1 className="font-display text-display text-ink-950">Unexpected Application Error!</h1>
      <div className="mt-6 space-y-4 text-ink-800">{detail}</div>
      <a href="/" className="mt-8 inline-block font-medium text-copper-700 underline">
        Return to Home
      </a>
    </section>
  );
}

function ErrorDump({ text }: { text: string }) {
  return <pre className="overflow-x-auto rounded-lg bg-ink-100 p-4 font-mono text-sm">{text}</pre>;
}

function serialise(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

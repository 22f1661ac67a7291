import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { LogoMark } from "./logo";

/** The header the recap, explorer and podcast pages carry: a back link to /, the logo, title and subtitle. */
export function ToolPageHeader({ backLabel, title, subtitle }: { backLabel: string; title: string; subtitle: string }) {
  return (
    <div className="border-b border-ink-900/10 bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <Link
          to="/"
          className="inline-flex items-center gap-2 rounded-md py-1 text-sm font-medium text-copper-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {backLabel}
        </Link>
        <div className="mt-4 flex items-center gap-4">
          <LogoMark className="h-12 w-12 shrink-0" />
          <div>
            <h1 className="font-display text-3xl font-semibold text-ink-950 sm:text-4xl">{title}</h1>
            <p className="mt-1 text-ink-600">{subtitle}</p>
          </div>
        </div>
      </div>
    </div>
  );
}

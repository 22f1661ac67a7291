import { Link } from "react-router";
import { SubscribeForm } from "./subscribe-form";
import { Logo } from "./logo";
import { tools } from "../lib/tools";
import { useSite } from "../hooks/use-site";

// The spec fixes the copyright year shown.
const COPYRIGHT_YEAR = 2024;

export function SiteFooter() {
  const site = useSite();
  return (
    <footer className="mt-16 bg-ink-950 text-ink-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm space-y-4">
          <Logo brand={site.brand} tone="light" />
          <p className="text-sm leading-relaxed text-ink-300">
            {site.brand} helps brands set smarter metrics through advanced analytics and industry intelligence.
          </p>
          <p className="text-xs text-ink-300">All insights are for informational use only</p>
          <SubscribeForm source="footer" />
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-copper-300">Intelligence Tools</h2>
          <ul className="mt-4 space-y-1 text-sm">
            {tools(site.assistantName).map((tool) => (
              <li key={tool.to}>
                <Link to={tool.to} className="inline-block py-1.5 text-ink-100 hover:text-white hover:underline">
                  {tool.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-copper-300">Connect</h2>
          <ul className="mt-4 space-y-1 text-sm">
            <li>
              <a
                href={site.companyUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-block py-1.5 text-ink-100 hover:text-white hover:underline"
              >
                Company website<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a
                href={site.linkedinUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-block py-1.5 text-ink-100 hover:text-white hover:underline"
              >
                LinkedIn<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-ink-300 sm:px-6">
          © {COPYRIGHT_YEAR} {site.brand}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

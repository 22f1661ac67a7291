import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { pageMeta, siteFromMatches } from "../lib/page-meta";
import { RouteErrorFallback } from "../components/route-error-fallback";
import { STATIC_PAGE } from "../lib/static-page";
import { SubscribeForm } from "../components/subscribe-form";
import { tools } from "../lib/tools";
import { useSite } from "../hooks/use-site";
import type { Route } from "./+types/home";

// Home is four links: it is sent as plain HTML, without React or the router (issue 8's
// budget of 90 KB cannot hold them), and a card's link is an ordinary page load.
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    site: siteFromMatches(matches),
    title: null,
    description: "Advanced analytics and strategic insights for the spirits industry",
    path: "/",
  });

export default function Home() {
  const site = useSite();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-[0.18em] text-copper-700">U.S. beverage alcohol trade</p>
        <h1 className="mt-3 font-display text-display font-semibold text-ink-950 sm:text-display-lg">
          {site.brand} Industry Intelligence Hub
        </h1>
        <p className="mt-4 text-lg text-ink-600">Advanced analytics and strategic insights for the spirits industry</p>
      </header>
      <ul className="mt-10 grid gap-5 md:grid-cols-2" aria-label="Tools">
        {tools(site.assistantName).map((tool) => {
          const Icon = tool.icon;
          const titleId = `tool-${tool.to.slice(1)}`;
          return (
            <li
              key={tool.to}
              className="group relative flex flex-col rounded-card border border-ink-900/10 bg-surface p-6 shadow-card transition-shadow hover:shadow-card-hover"
            >
              <div className="flex items-start justify-between gap-4">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-ink-900 text-copper-300">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
                {tool.badge ? (
                  <span className="rounded-full bg-copper-100 px-3 py-1 text-xs font-semibold text-copper-700">
                    {tool.badge}
                  </span>
                ) : null}
              </div>
              <h2 id={titleId} className="mt-5 font-display text-2xl font-semibold text-ink-950">
                {tool.title}
              </h2>
              <p className="mt-2 flex-1 text-ink-600">{tool.description}</p>
              <Link
                to={tool.to}
                aria-describedby={titleId}
                className="mt-6 inline-flex items-center gap-2 self-start rounded-md bg-ink-900 px-4 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-ink-800"
              >
                Launch Tool
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="mt-10 max-w-2xl">
        <SubscribeForm source="home" />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorFallback error={error} />;
}

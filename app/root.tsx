import { useContext, useEffect } from "react";
import { FEED_PATHS } from "#common/feeds/feed-paths.ts";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData, type LinksFunction } from "react-router";
import type { Route } from "./+types/root";
import { RouteErrorFallback } from "./components/route-error-fallback";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toasts } from "./components/toasts";
import { appContext } from "#server/http/app-context.server.ts";
import { usePendingPage } from "./pending-page";
import { useStaticPage } from "./lib/static-page";
import { SiteContext } from "./hooks/use-site";
import { IslandsLoader } from "./islands/islands-loader";
import { InlineCssContext } from "./inline-css";
import stylesheet from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
  { rel: "alternate", type: "application/rss+xml", title: "Weekly Industry Recap", href: FEED_PATHS.recaps },
];

export function loader({ context }: Route.LoaderArgs) {
  const { publicConfig, islandsScript } = context.get(appContext);
  return { site: publicConfig, islandsScript: islandsScript ?? null };
}

// The site configuration does not change while the page is open: navigations
// need not fetch it again, and a page's failed load then stays with that page's boundary.
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  // A page whose route says so (home) is sent as plain HTML: no scripts to fetch or run.
  const staticPage = useStaticPage();
  const css = useContext(InlineCssContext);
  // Absent when the root loader failed (its error boundary still renders this layout).
  const root = useRouteLoaderData<typeof loader>("root");
  const site = root?.site;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14213d" />
        {/* Inline in production (see inline-css.ts); React hoists it ahead of everything else in the head. */}
        {import.meta.env.DEV ? (
          <link rel="stylesheet" href={stylesheet} />
        ) : (
          <style href={stylesheet} precedence="default">
            {css}
          </style>
        )}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-surface focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        {site ? <SiteContext value={site}>{children}</SiteContext> : children}
        {/* A plain-HTML page the app navigates to (a citation's /recap/3#section from the chat) is drawn by the
            router in the browser: its scroll handling (to the #section, else to the top) carries on there. The
            server never sends it with such a page, which has no router script to run it. */}
        {staticPage === false || typeof document !== "undefined" ? <ScrollRestoration /> : null}
        {staticPage === false ? (
          <Scripts />
        ) : staticPage === "islands" && site && root.islandsScript ? (
          <IslandsLoader site={site} script={root.islandsScript} />
        ) : null}
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  // Marks the document once React has hydrated it (tests and styles that need JS wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const pending = usePendingPage();
  return (
    <>
      <SiteHeader />
      <main id="main" className="flex-1">
        {/* The current page stays mounted under a slow navigation's placeholder. */}
        <div hidden={pending !== null}>{children}</div>
        {pending}
      </main>
      <SiteFooter />
      <Toasts />
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <RouteErrorFallback error={error} />
    </Shell>
  );
}

import { Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Logo } from "./logo";
import { tools } from "../lib/tools";
import { useStaticPage } from "../lib/static-page";
import { useSite } from "../hooks/use-site";
import { island } from "../islands/island";
import { HeaderSearchLoader } from "./header-search-loader";

// The header's search is the plain GET form until the reader reaches for it; then its combobox
// comes: on a plain-HTML page with islands as one, hydrated where the server drew it at first use (so
// a reader who only reads runs no framework code, and one who taps and types keeps every character);
// on a page React hydrates, fetched by HeaderSearchLoader. A page with no scripts keeps the GET form.
const HeaderSearchIsland = island("site-search", HeaderSearchLoader, "interaction", { hydrate: true });

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-ink-900 text-white" : "text-ink-700 hover:bg-ink-100 hover:text-ink-950"
  }`;

type MenuLink = { to: string; title: string };

export function SiteHeader() {
  const site = useSite();
  const links = tools(site.assistantName);
  const staticPage = useStaticPage();
  return (
    <header className="sticky top-0 z-40 border-b border-ink-900/10 bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="shrink-0 rounded-md" aria-label={`${site.brand} home`}>
          <Logo brand={site.brand} />
        </Link>
        {staticPage === "islands" ? <HeaderSearchIsland inputId="site-search-q" eager /> : <HeaderSearchLoader />}
        {/* The spec hides this navigation on small screens; MobileMenu carries the same links there. */}
        <nav aria-label="Main" className="hidden md:block" data-testid="desktop-nav">
          <ul className="flex items-center gap-1">
            {links.map((tool) => (
              <li key={tool.to}>
                <NavLink to={tool.to} className={linkClass} prefetch="intent">
                  {tool.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {staticPage ? <PlainMobileMenu links={links} /> : <MobileMenu links={links} />}
      </div>
    </header>
  );
}

function MobileMenu({ links }: { links: MenuLink[] }) {
  // The menu remembers the location it was opened at, so any navigation closes it.
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const setOpen = (next: boolean) => setOpenAt(next ? location.key : null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpenAt(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        type="button"
        className="inline-flex h-11 w-11 items-center justify-center rounded-md text-ink-900 hover:bg-ink-100"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => setOpen(!open)}
      >
        {open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
      </button>
      <MenuPanel id={panelId} hidden={!open} links={links} />
    </div>
  );
}

/** The same menu for a page without JavaScript: a disclosure the browser opens and closes itself. */
function PlainMobileMenu({ links }: { links: MenuLink[] }) {
  return (
    <details className="md:hidden">
      <summary
        aria-label="Menu"
        className="inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-ink-900 hover:bg-ink-100 [&::-webkit-details-marker]:hidden"
      >
        <Menu className="h-6 w-6" aria-hidden="true" />
      </summary>
      <MenuPanel links={links} />
    </details>
  );
}

/** The phone menu's links, below the header; the same in both menus. */
function MenuPanel({ links, id, hidden }: { links: MenuLink[]; id?: string; hidden?: boolean }) {
  return (
    <nav
      id={id}
      aria-label="Main menu"
      hidden={hidden}
      className="absolute inset-x-0 top-16 border-b border-ink-900/10 bg-paper shadow-card"
    >
      <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={(s) => `block ${linkClass(s)} py-3 text-base`}>
              {link.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

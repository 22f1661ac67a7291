import { useMemo, type ComponentProps, type ReactNode } from "react";
import ReactMarkdown, { type Components, type Options } from "react-markdown";
import { Link } from "react-router";
import remarkGfm from "remark-gfm";
import { remarkMarketCharts } from "../market/chart-shortcode.ts";

const EXTERNAL = /^(https?:)?\/\//i;

// react-markdown's own URL transform stays in place (only http, https, irc,
// ircs, mailto, xmpp and relative addresses survive) and raw HTML is never
// turned into elements: both are its defaults, and nothing here overrides them.
function Anchor({ node: _node, href, children, ...rest }: ComponentProps<"a"> & { node?: unknown }) {
  const external = href !== undefined && EXTERNAL.test(href);
  return (
    <a href={href} {...rest} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {children}
    </a>
  );
}

const components: Components = {
  a: Anchor,
  // A wide table scrolls inside its own box; the box is focusable so keyboard users can scroll it.
  table({ node: _node, ...rest }) {
    return (
      <div className="md-table" role="region" aria-label="Table" tabIndex={0}>
        <table {...rest} />
      </div>
    );
  },
  // An address the URL transform emptied leaves no broken image behind.
  img({ node: _node, src, alt, ...rest }) {
    if (!src) return alt ? <span>{alt}</span> : null;
    return <img src={src} alt={alt ?? ""} loading="lazy" decoding="async" {...rest} />;
  },
  // The page already has its h1; a top-level heading in a body becomes a section heading.
  h1({ node: _node, ...rest }) {
    return <h2 {...rest} />;
  },
};

// Inside the app (chat replies), a link to one of the hub's own pages navigates in place.
const inAppComponents: Components = {
  ...components,
  a(props) {
    const { href, children } = props;
    if (href && href.startsWith("/") && !href.startsWith("//")) return <Link to={href}>{children}</Link>;
    return <Anchor {...props} />;
  },
};

// A recap's {{chart family}} paragraph becomes a marked link to the family's market data.
const plugins = [remarkGfm, remarkMarketCharts];

/** A page's own way to draw some links (the chat's numbered citations); undefined leaves a link as it is. */
export type LinkRenderer = (link: {
  href: string;
  title: string | undefined;
  children: ReactNode;
}) => ReactNode | undefined;

/**
 * The one markdown renderer of the site (recaps, feeds, chat replies).
 * `inAppLinks` needs a router around it, so it is for pages, not for HTML rendered apart.
 */
export function Markdown({
  children,
  className,
  inAppLinks = false,
  renderLink,
  rehypePlugins,
}: {
  children: string;
  className?: string | undefined;
  inAppLinks?: boolean;
  renderLink?: LinkRenderer | undefined;
  /** Changes to the HTML tree before it is drawn (the server's heading ids: server/content/markdown-headings.ts). */
  rehypePlugins?: Options["rehypePlugins"];
} & Pick<ComponentProps<"div">, "className">) {
  const base = inAppLinks ? inAppComponents : components;
  // The same components while the renderer is the same: a new `a` each render would remount every link (and their state).
  const chosen: Components = useMemo(
    () =>
      renderLink
        ? {
            ...base,
            a(props) {
              const drawn = props.href
                ? renderLink({ href: props.href, title: props.title, children: props.children })
                : undefined;
              if (drawn !== undefined) return drawn;
              const Fallback = base.a as (p: typeof props) => ReactNode;
              return Fallback(props);
            },
          }
        : base,
    [base, renderLink],
  );
  return (
    <div className={className ? `markdown ${className}` : "markdown"}>
      <ReactMarkdown remarkPlugins={plugins} rehypePlugins={rehypePlugins} components={chosen}>
        {children}
      </ReactMarkdown>
    </div>
  );
}

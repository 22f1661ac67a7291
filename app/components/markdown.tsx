import type { ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

const EXTERNAL = /^(https?:)?\/\//i;

// react-markdown's own URL transform stays in place (only http, https, irc,
// ircs, mailto, xmpp and relative addresses survive) and raw HTML is never
// turned into elements: both are its defaults, and nothing here overrides them.
const components: Components = {
  a({ node: _node, href, children, ...rest }) {
    const external = href !== undefined && EXTERNAL.test(href);
    return (
      <a href={href} {...rest} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
        {children}
      </a>
    );
  },
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

const plugins = [remarkGfm];

/** The one markdown renderer of the site (recaps, feeds, chat replies). */
export function Markdown({ children, className }: { children: string; className?: string | undefined } & Pick<ComponentProps<"div">, "className">) {
  return (
    <div className={className ? `markdown ${className}` : "markdown"}>
      <ReactMarkdown remarkPlugins={plugins} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}

// An answer's links to the hub as numbered citations. Every provider writes its
// sources as Markdown links to the hub's own pages, the built-in analyst as
// "- claim ([Headline: Section](/recap/3#section))". Each such link in parentheses
// becomes a number after its claim ("- claim [1]"), one number per distinct
// source and part; the answer's own list of sources keeps its names, each
// prefixed with the numbers that cite that page (any part or moment of it), so
// the numbers can be looked up. An episode listed there links to the moment its
// first number cites, as that number does.

export interface Citation {
  n: number;
  href: string;
  /** The link's words in the answer: "Headline: Section", a company's name, "Series, 0:06". */
  label: string;
}

/** The title a numbered link carries, so the page can draw it as a citation. */
export const CITE_TITLE = "cite";

/**
 * The most sources one answer numbers, and the most numbers it shows. The
 * built-in analyst's longest answers cite 16 (measured over the 524 questions of
 * bench/chat-eval, deep research included); past these, links stay plain links,
 * so an answer made of nothing but citations cannot make a page of passages.
 */
export const MAX_CITATIONS = 50;
export const MAX_CITED_LINKS = 100;

// Time that grows with the text alone, whatever the text: a label stops at any bracket, an address
// at any bracket or parenthesis, and the list's indent at the line's end, so no attempt at a match
// reads past the next place where another could start (issue 38: "([" repeated, and 20,000 line
// breaks after a bullet, each took time growing with the square of the text).
const SITE_LINK = String.raw`\[([^[\]\n]+)\]\((\/[^()[\]\s]*)\)`;
/** "(" link ("; " link)* ")": a claim's citation(s). */
const CITED = new RegExp(String.raw`\s?\((${SITE_LINK}(?:\s*[;,]\s*${SITE_LINK})*)\)`, "g");
const ONE = new RegExp(SITE_LINK, "g");
const LISTED = new RegExp(String.raw`^([ \t]*[-*][ \t]+)${SITE_LINK}`, "gm");

/** The key a citation's passage is kept under. */
export const citationKey = (c: { href: string; label: string }) => `${c.label}\u0000${c.href}`;

/** The page an address is on: a recap's section (`#…`) and an episode's moment (`#episode-2&t=6`) are parts of it. */
const pageOf = (href: string) => href.replace(/#.*$/, "");

/** Whether `href` is a moment of the episode at `page`: its address and a second. */
const isMomentOf = (href: string, page: string) => href.startsWith(`${page}&t=`);

export function numberCitations(markdown: string): { markdown: string; citations: Citation[] } {
  const citations: Citation[] = [];
  const byKey = new Map<string, Citation>();
  const byPage = new Map<string, Citation[]>();
  let shown = 0;
  const marked = markdown.replace(CITED, (whole, inner: string) => {
    const links = [...inner.matchAll(ONE)];
    const fresh = new Set(links.map(([, label, href]) => citationKey({ href: href!, label: label! })));
    for (const key of fresh) if (byKey.has(key)) fresh.delete(key);
    if (shown + links.length > MAX_CITED_LINKS || citations.length + fresh.size > MAX_CITATIONS) return whole;
    shown += links.length;
    return links
      .map(([, label, href]) => {
        const key = citationKey({ href: href!, label: label! });
        let found = byKey.get(key);
        if (!found) {
          found = { n: citations.length + 1, href: href!, label: label! };
          citations.push(found);
          byKey.set(key, found);
          const page = byPage.get(pageOf(href!));
          if (page) page.push(found);
          else byPage.set(pageOf(href!), [found]);
        }
        return ` [${found.n}](${href} "${CITE_TITLE}")`;
      })
      .join("");
  });
  if (!citations.length) return { markdown, citations };
  // In the answer's list of sources, each cited source shows the numbers that cite it (one per part) before its
  // name; an episode listed by its page links to the moment it is first cited at.
  const listed = marked.replace(LISTED, (line, bullet: string, label: string, href: string) => {
    const cited = byPage.get(pageOf(href));
    if (!cited) return line;
    const moment = cited.find((c) => isMomentOf(c.href, href));
    return `${bullet}\\[${cited.map((c) => c.n).join(", ")}\\] [${label}](${moment?.href ?? href})`;
  });
  return { markdown: listed, citations };
}

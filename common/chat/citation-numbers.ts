// An answer's links to the hub as numbered citations. Every provider writes its
// sources as Markdown links to the hub's own pages, the built-in analyst as
// "- claim ([Headline: Section](/recap/3))". Each such link in parentheses
// becomes a number after its claim ("- claim [1]"), one number per distinct
// source and part; the answer's own list of sources keeps its names, each
// prefixed with its number, so the numbers can be looked up.

export interface Citation {
  n: number;
  href: string;
  /** The link's words in the answer: "Headline: Section", a company's name, "Series, 0:06". */
  label: string;
}

/** The title a numbered link carries, so the page can draw it as a citation. */
export const CITE_TITLE = "cite";

const SITE_LINK = String.raw`\[([^\]\n]+)\]\((\/[^)\s]*)\)`;
/** "(" link ("; " link)* ")": a claim's citation(s). */
const CITED = new RegExp(String.raw`\s?\((${SITE_LINK}(?:\s*[;,]\s*${SITE_LINK})*)\)`, "g");
const ONE = new RegExp(SITE_LINK, "g");

export function numberCitations(markdown: string): { markdown: string; citations: Citation[] } {
  const citations: Citation[] = [];
  const numberOf = (href: string, label: string) => {
    let found = citations.find((c) => c.href === href && c.label === label);
    if (!found) citations.push((found = { n: citations.length + 1, href, label }));
    return found.n;
  };
  const marked = markdown.replace(CITED, (_whole, inner: string) =>
    [...inner.matchAll(ONE)]
      .map(([, label, href]) => ` [${numberOf(href!, label!)}](${href} "${CITE_TITLE}")`)
      .join(""),
  );
  if (!citations.length) return { markdown, citations };
  // In the answer's list of sources, each cited source shows the numbers that cite it (one per part) before its name.
  const listed = marked.replace(
    new RegExp(String.raw`^(\s*[-*]\s+)${SITE_LINK}`, "gm"),
    (line, bullet: string, label: string, href: string) => {
      const numbers = citations.filter((c) => c.href === href).map((c) => c.n);
      return numbers.length ? `${bullet}\\[${numbers.join(", ")}\\] [${label}](${href})` : line;
    },
  );
  return { markdown: listed, citations };
}

/** The key a citation's passage is kept under. */
export const citationKey = (c: { href: string; label: string }) => `${c.label}\u0000${c.href}`;

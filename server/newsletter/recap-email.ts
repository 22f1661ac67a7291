import { escapeHtml as escape } from "../content/escape-html.ts";
import { markdownHtml } from "../content/markdown-html.ts";
import type { Recap } from "../data/recaps.server.ts";

/** A recap as one email: the subject, and HTML and plain-text parts made from the same markdown. */
export interface RecapEmail {
  subject: string;
  html: string;
  text: string;
}

export interface EmailSite {
  brand: string;
  /** Absolute base (SITE_URL): mail clients have no page to resolve a relative address against. */
  siteUrl: string;
}

/** Every site-relative address in rendered HTML (href, src) made absolute to the site. */
export function absoluteAddresses(html: string, siteUrl: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${siteUrl}/`);
}

/** The markdown as plain text: links keep their (absolute) address beside their words; images become their alt text. */
export function plainText(markdown: string, siteUrl: string): string {
  const absolute = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? `${siteUrl}${url}` : url);
  return markdown
    .replace(/!\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, (_m, alt: string) => (alt ? `[${alt}]` : ""))
    .replace(
      /\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g,
      (_m, words: string, url: string) => `${words} (${absolute(url)})`,
    );
}

// Colours are set on every block, light text on nothing: clients that force a dark
// mode invert a designed pair, and one that only darkens the background never leaves
// dark text on it. The layout is one table column, 600 px at most, as every client renders.
export const INK = "#14213d";
export const MUTED = "#475a82";
export const PAPER = "#ffffff";
export const ACCENT = "#8a4b14";

/**
 * The email of a recap: headline, image, snippet and text, then a "Read on the
 * site" link, then why the reader gets it and how to stop (the unsubscribe link).
 * HTML from the site's own markdown renderer (so it is what the page shows,
 * escaped the same way); links and images absolute to SITE_URL.
 */
export function recapEmail(recap: Recap, site: EmailSite, unsubscribeUrl: string): RecapEmail {
  const pageUrl = `${site.siteUrl}/recap/${recap.id}`;
  const image = recap.blog_image_url
    ? recap.blog_image_url.startsWith("/")
      ? `${site.siteUrl}${recap.blog_image_url}`
      : recap.blog_image_url
    : null;
  const body = absoluteAddresses(markdownHtml(recap.content), site.siteUrl);
  const cell = `style="padding:0 24px;color:${INK};background-color:${PAPER};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6"`;
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${escape(recap.headline)}</title></head>
<body style="margin:0;padding:0;background-color:#f7f4ee">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f7f4ee" style="background-color:#f7f4ee"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${PAPER}" style="max-width:600px;background-color:${PAPER}">
<tr><td ${cell}><p style="margin:24px 0 4px;color:${MUTED};font-size:13px">${escape(site.brand)} · Weekly Industry Recap · ${escape(recap.date)}</p>
<h1 style="margin:0 0 16px;color:${INK};font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25">${escape(recap.headline)}</h1></td></tr>
${image ? `<tr><td ${cell}><img src="${escape(image)}" alt="" width="552" style="display:block;width:100%;max-width:552px;height:auto;border:0"></td></tr>` : ""}
${recap.snippets ? `<tr><td ${cell}><p style="margin:16px 0;padding-left:12px;border-left:4px solid #c7772b;color:${MUTED};font-style:italic">${escape(recap.snippets)}</p></td></tr>` : ""}
<tr><td ${cell}>${body}</td></tr>
<tr><td ${cell}><p style="margin:24px 0"><a href="${escape(pageUrl)}" style="color:${ACCENT};font-weight:bold">Read on the site</a></p></td></tr>
<tr><td style="padding:16px 24px 24px;color:${MUTED};background-color:${PAPER};font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:1.5">You get this because you subscribed to the ${escape(site.brand)} weekly recap. <a href="${escape(unsubscribeUrl)}" style="color:${MUTED}">Unsubscribe</a> (one button on the page it opens, no questions).</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    `${site.brand} · Weekly Industry Recap · ${recap.date}`,
    "",
    recap.headline,
    "=".repeat(Math.min(72, recap.headline.length)),
    "",
    ...(recap.snippets ? [recap.snippets, ""] : []),
    plainText(recap.content, site.siteUrl).trim(),
    "",
    `Read on the site: ${pageUrl}`,
    "",
    `You get this because you subscribed to the ${site.brand} weekly recap. Unsubscribe (one button on the page it opens): ${unsubscribeUrl}`,
    "",
  ].join("\n");
  return { subject: recap.headline, html, text };
}

// The digest as one email (issue 42), in the recap's mail layout: one 600 px column, colours on
// every block, an HTML part and a plain-text part saying the same, every link absolute to SITE_URL.
import { escapeHtml as escape } from "../content/escape-html.ts";
import { ACCENT, INK, MUTED, PAPER, type EmailSite } from "../newsletter/recap-email.ts";
import type { DigestFiling, DigestSection } from "./digest-compose.ts";
import { clock } from "#common/podcast/clock.ts";
import { FOLLOW_KIND_WORDS } from "#common/follows/follow-item.ts";

export interface DigestEmail {
  subject: string;
  html: string;
  text: string;
}

export interface DigestLinks {
  manageUrl: string;
  unsubscribeUrl: string;
}

/** The heading over a section's new label approvals (from the TTB's public COLA registry). */
export const LABELS_HEADING = "New label approvals";

/** The heading over a section's new SEC filings (EDGAR, docs/public-records.md). */
export const FILINGS_HEADING = "New filings with the SEC";

/** "10-K for the year to Sep 30, 2026", or the form alone. */
export const filingTitle = (f: DigestFiling) =>
  f.period ? `${f.form} for the ${f.period.charAt(0).toLowerCase()}${f.period.slice(1)}` : f.form;

/** The heading over a market family's new months (the state's figures, docs/market-data.md). */
export const MONTHS_HEADING = "New monthly figures";

/** A section's heading in the plain-text part: "Diageo (company)". */
const heading = (s: DigestSection) => `${s.item.name} (${FOLLOW_KIND_WORDS[s.item.kind].toLowerCase()})`;

const moreText = (s: DigestSection) => `${s.more} more about ${s.item.name} on the site`;

const CELL = `style="padding:0 24px;color:${INK};background-color:${PAPER};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6"`;

// A section is the same for every reader whose other items quote none of its paragraphs (digest-compose.ts
// hands them one object): it is rendered once per run, not once per reader.
const renders = new WeakMap<DigestSection, { siteUrl: string; html: string; text: string[] }>();

function rendered(s: DigestSection, site: EmailSite): { html: string; text: string[] } {
  const held = renders.get(s);
  if (held?.siteUrl === site.siteUrl) return held;
  const made = { siteUrl: site.siteUrl, html: sectionHtml(s, site), text: sectionText(s, site) };
  renders.set(s, made);
  return made;
}

function sectionHtml(s: DigestSection, site: EmailSite): string {
  const abs = (url: string) => `${site.siteUrl}${url}`;
  const paragraphs = s.paragraphs.map(
    (p) =>
      `<p style="margin:12px 0 4px;color:${MUTED};font-size:13px">${escape(p.date)} · <a href="${escape(abs(p.url))}" style="color:${ACCENT}">${escape(p.headline)}${p.section ? ` · ${escape(p.section)}` : ""}</a></p>
<blockquote style="margin:0 0 8px;padding-left:12px;border-left:4px solid #c7772b;color:${INK}">${escape(p.text)}</blockquote>`,
  );
  const moments = s.moments.map(
    (m) =>
      `<p style="margin:12px 0 4px;color:${MUTED};font-size:13px">${escape(m.date)} · <a href="${escape(abs(m.url))}" style="color:${ACCENT}">${escape(m.title)}${m.seconds !== null ? ` at ${clock(m.seconds)}` : ""}</a></p>
<blockquote style="margin:0 0 8px;padding-left:12px;border-left:4px solid #c7772b;color:${INK}">${escape(m.text)}</blockquote>`,
  );
  const labels = s.labels.map(
    (l) =>
      `<p style="margin:8px 0">${escape(l.date)} · <a href="${escape(abs(l.url))}" style="color:${ACCENT}">${escape(l.name)}</a> <span style="color:${MUTED};font-size:13px">${escape(l.type)}</span></p>`,
  );
  const filings = s.filings.map(
    (f) =>
      `<p style="margin:8px 0">${escape(f.date)} · <a href="${escape(f.url)}" style="color:${ACCENT}">${escape(filingTitle(f))}</a>${f.figures.length ? `<br><span style="color:${MUTED};font-size:13px">${escape(f.figures.join(" · "))}</span>` : ""}</p>`,
  );
  const months = s.months.map(
    (m) =>
      `<p style="margin:8px 0"><a href="${escape(abs(m.url))}" style="color:${ACCENT}">${escape(m.month)}</a>: ${escape(m.text)}</p>`,
  );
  return `<tr><td ${CELL}><h2 style="margin:24px 0 4px;color:${INK};font-family:Georgia,'Times New Roman',serif;font-size:21px"><a href="${escape(abs(s.item.url))}" style="color:${INK}">${escape(s.item.name)}</a> <span style="color:${MUTED};font-size:13px;font-family:Arial,Helvetica,sans-serif">${FOLLOW_KIND_WORDS[s.item.kind]}</span></h2>
${paragraphs.join("\n")}${moments.length ? `\n<p style="margin:16px 0 0;font-weight:bold;color:${INK}">On the podcast</p>\n${moments.join("\n")}` : ""}${labels.length ? `\n<p style="margin:16px 0 0;font-weight:bold;color:${INK}">${LABELS_HEADING}</p>\n${labels.join("\n")}` : ""}${filings.length ? `\n<p style="margin:16px 0 0;font-weight:bold;color:${INK}">${FILINGS_HEADING}</p>\n${filings.join("\n")}` : ""}${months.length ? `\n<p style="margin:16px 0 0;font-weight:bold;color:${INK}">${MONTHS_HEADING}</p>\n${months.join("\n")}` : ""}${s.more ? `\n<p style="margin:12px 0 0"><a href="${escape(abs(s.item.url))}" style="color:${ACCENT}">${escape(moreText(s))}</a></p>` : ""}</td></tr>`;
}

function sectionText(s: DigestSection, site: EmailSite): string[] {
  const abs = (url: string) => `${site.siteUrl}${url}`;
  return [
    heading(s),
    "-".repeat(Math.min(72, heading(s).length)),
    ...s.paragraphs.flatMap((p) => [
      `${p.date} · ${p.headline}${p.section ? ` · ${p.section}` : ""}: ${abs(p.url)}`,
      `> ${p.text}`,
      "",
    ]),
    ...s.moments.flatMap((m) => [
      `${m.date} · ${m.title}${m.seconds !== null ? ` at ${clock(m.seconds)}` : ""}: ${abs(m.url)}`,
      `> ${m.text}`,
      "",
    ]),
    ...(s.labels.length
      ? [`${LABELS_HEADING}:`, ...s.labels.map((l) => `${l.date} · ${l.name} (${l.type}): ${abs(l.url)}`), ""]
      : []),
    ...(s.filings.length
      ? [
          `${FILINGS_HEADING}:`,
          ...s.filings.map(
            (f) => `${f.date} · ${filingTitle(f)}${f.figures.length ? ` (${f.figures.join("; ")})` : ""}: ${f.url}`,
          ),
          "",
        ]
      : []),
    ...(s.months.length
      ? [`${MONTHS_HEADING}:`, ...s.months.map((m) => `${m.month}: ${m.text}: ${abs(m.url)}`), ""]
      : []),
    ...(s.more ? [`${moreText(s)}: ${abs(s.item.url)}`, ""] : []),
  ];
}

/** The digest of `sections` (never empty: an empty digest is not sent) for the week ending `until`. */
export function digestEmail(
  sections: readonly DigestSection[],
  site: EmailSite,
  links: DigestLinks,
  title: string,
): DigestEmail {
  const names = sections.map((s) => s.item.name);
  const subject = `${title}: ${names.slice(0, 3).join(", ")}${names.length > 3 ? ` and ${names.length - 3} more` : ""}`;
  const blocks = sections.map((s) => rendered(s, site).html);
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">
<title>${escape(subject)}</title></head>
<body style="margin:0;padding:0;background-color:#f7f4ee">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f7f4ee" style="background-color:#f7f4ee"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${PAPER}" style="max-width:600px;background-color:${PAPER}">
<tr><td ${CELL}><p style="margin:24px 0 4px;color:${MUTED};font-size:13px">${escape(site.brand)} · ${escape(title)}</p>
<h1 style="margin:0 0 8px;color:${INK};font-family:Georgia,'Times New Roman',serif;font-size:26px;line-height:1.25">What's new on what you follow</h1></td></tr>
${blocks.join("\n")}
<tr><td style="padding:16px 24px 24px;color:${MUTED};background-color:${PAPER};font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:1.5">You get this because you follow these on ${escape(site.brand)}. <a href="${escape(links.manageUrl)}" style="color:${MUTED}">Change what you follow or how often</a> · <a href="${escape(links.unsubscribeUrl)}" style="color:${MUTED}">Unsubscribe from the digest</a> (the Weekly Recap, if you get it, is not affected).</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    `${site.brand} · ${title}`,
    "",
    ...sections.flatMap((s) => rendered(s, site).text),
    `Change what you follow or how often: ${links.manageUrl}`,
    `Unsubscribe from the digest (one button on the page it opens): ${links.unsubscribeUrl}`,
    "",
  ].join("\n");
  return { subject, html, text };
}

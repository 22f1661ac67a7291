import { escapeHtml as escape } from "../content/escape-html.ts";
import type { EmailSite } from "./recap-email.ts";
import type { OutgoingMail } from "./smtp-client.ts";
import { CONFIRM_HOURS, type ConfirmationAsked } from "./confirmations.ts";

/** The double opt-in mail: one link that confirms; nothing else is ever sent to an address that does not use it. */
export function confirmationEmail(
  to: string,
  confirmUrl: string,
  site: EmailSite,
  asked: ConfirmationAsked = "recap",
): OutgoingMail {
  const what = {
    recap: `the ${site.brand} Weekly Recap`,
    follows: `a digest of what ${site.brand} finds about the companies, brands and topics you follow`,
    both: `the ${site.brand} Weekly Recap and a digest of what it finds about what you follow`,
  }[asked];
  const subject =
    asked === "follows"
      ? `Confirm your address to follow on ${site.brand}`
      : `Confirm your subscription to the ${site.brand} Weekly Recap`;
  const lines = [
    `Someone (we hope you) asked for ${what} at this address.`,
    `Confirm within ${CONFIRM_HOURS} hours to start receiving it:`,
  ];
  const ignore = "If you did not ask for it, ignore this email: without a click you get nothing more from us.";
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:24px 8px;background-color:#f7f4ee">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="max-width:600px;margin:0 auto;background-color:#ffffff">
<tr><td style="padding:24px;color:#14213d;background-color:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.6">
<p style="margin:0 0 16px">${lines.map(escape).join("<br>")}</p>
<p style="margin:24px 0"><a href="${escape(confirmUrl)}" style="display:inline-block;padding:12px 20px;background-color:#14213d;color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px">${asked === "follows" ? "Confirm my address" : "Confirm my subscription"}</a></p>
<p style="margin:0;color:#475a82;font-size:13px">${escape(ignore)}</p>
</td></tr></table></body></html>`;
  const text = [...lines, "", confirmUrl, "", ignore, ""].join("\n");
  return { to, subject, html, text };
}

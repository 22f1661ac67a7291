import type { Recap } from "../data/recaps.server.ts";
import type { Mailer } from "./mailer.ts";
import { unsubscribePath } from "./newsletter-links.ts";
import { recapEmail, type EmailSite } from "./recap-email.ts";

/**
 * A recap exactly as subscribers get it, to one address, its subject marked
 * [Test]. Its unsubscribe link is a real page that finds no subscription.
 */
export function sendTestRecap(mailer: Mailer, recap: Recap, site: EmailSite, to: string) {
  const unsubscribeUrl = `${site.siteUrl}${unsubscribePath("test")}`;
  const email = recapEmail(recap, site, unsubscribeUrl);
  return mailer({ to, ...email, subject: `[Test] ${email.subject}`, unsubscribeUrl });
}

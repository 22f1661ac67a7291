import type { Config } from "../config.ts";
import { COMPANIES } from "../content/companies.server.ts";
import type { Database } from "../db/client.ts";
import { digestQueue } from "../follows/digest-lane.ts";
import type { Logger } from "../logger.ts";
import { startNewsletter } from "../newsletter/newsletter-start.ts";

/**
 * The site's mail: the newsletter's lanes, sending the digests of follows too (issue 42), on the
 * schedule DIGEST_DAY / DIGEST_HOUR in SITE_TIME_ZONE unless DIGEST_AUTO_SEND is off. Composed here,
 * so the newsletter knows nothing of follows and follows build on the newsletter.
 */
export function startMail(config: Config, database: Database, logger: Logger): () => Promise<void> {
  const schedule = config.DIGEST_AUTO_SEND
    ? { day: config.DIGEST_DAY, hour: config.DIGEST_HOUR, timeZone: config.SITE_TIME_ZONE }
    : undefined;
  const site = { brand: config.SITE_BRAND, siteUrl: config.SITE_URL };
  return startNewsletter(config, database, logger, digestQueue(database.db, site, COMPANIES, schedule));
}

import { freshDatabase, type TestDatabase } from "./databases.ts";
import { startServer, type RunningServer } from "./server.ts";
import { startSmtpSink, type SmtpSink } from "./smtp-sink.ts";

/** The address a mailing site's links are written for. */
export const MAIL_SITE = "http://proofline.test";

export interface MailingSite {
  server: RunningServer;
  sink: SmtpSink;
  testDb: TestDatabase;
  stop(): Promise<void>;
}

/** A site on a fresh SQLite database that sends its mail to a local SMTP sink, its links written for MAIL_SITE. */
export async function startMailingSite(env: Record<string, string> = {}): Promise<MailingSite> {
  const sink = await startSmtpSink();
  const testDb = await freshDatabase("sqlite");
  const server = await startServer({
    ...testDb.env,
    SITE_URL: MAIL_SITE,
    SMTP_URL: sink.url,
    MAIL_FROM: "Proofline <recap@proofline.test>",
    ...env,
  });
  return {
    server,
    sink,
    testDb,
    async stop() {
      await server.stop();
      await testDb.drop();
      await sink.stop();
    },
  };
}

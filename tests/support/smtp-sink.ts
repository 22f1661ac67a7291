import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  /** SMTP_URL for a server that sends here. */
  url: string;
  /** Every message received, parsed, in order of arrival. */
  messages: ParsedMail[];
  /** Resolves once `count` messages have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server process-side (smtp-server) on 127.0.0.1 that keeps what
 * it is sent, read back with mailparser. No TLS and no auth: it is local to the test.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count, ms = 10_000) {
      for (const giveUp = Date.now() + ms; messages.length < count; await new Promise((r) => setTimeout(r, 25))) {
        if (Date.now() > giveUp) throw new Error(`expected ${count} messages, got ${messages.length}`);
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SinkOptions {
  /** Refuse a recipient with this SMTP reply (a 5xx is permanent, a 4xx temporary). */
  refuse?: (address: string) => { code: number; message: string } | undefined;
  /** Keep only who each message was for, without parsing it (thousands of messages in a load test). */
  parse?: boolean;
}

export interface SmtpSink {
  /** SMTP_URL for a server that sends here. */
  url: string;
  /** Every message received, parsed, in order of arrival (empty with `parse: false`). */
  messages: ParsedMail[];
  /** The envelope recipients of every message received in full, in order of arrival. */
  received: string[][];
  /** Resolves once `count` messages have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps what it is sent,
 * read back with mailparser. Like a real mail server, it has a message only
 * once its final dot arrived: a sender that drops the connection before that
 * leaves nothing. No TLS and no auth: it is local to the test.
 */
export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const received: string[][] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // Many senders at once in the crash test; the default (100) is per server, not per client.
    maxClients: 1000,
    // Stopping does not wait for senders that keep their connection open between messages.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      if (options.parse === false) {
        stream.on("error", () => undefined);
        stream.on("end", () => {
          received.push(to);
          callback();
        });
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(to);
          messages.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  // A sender killed mid-message resets its connection: that is the sender's problem, not the test's.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    received,
    async waitFor(count, ms = 10_000) {
      for (const giveUp = Date.now() + ms; received.length < count; await new Promise((r) => setTimeout(r, 25))) {
        if (Date.now() > giveUp) throw new Error(`expected ${count} messages, got ${received.length}`);
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

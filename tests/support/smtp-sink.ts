import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SinkOptions {
  /** Refuse a recipient with this SMTP reply (a 5xx is permanent, a 4xx temporary). */
  refuse?: (address: string) => { code: number; message: string } | undefined;
  /** Keep only who each message was for, without parsing it (thousands of messages in a load test). */
  parse?: boolean;
  /**
   * TLS as the providers require it: "starttls" refuses MAIL FROM until the
   * client has upgraded (as on port 587), "implicit" speaks TLS from the first
   * byte (as on port 465). Without it, plain TCP.
   */
  tls?: { mode: "starttls" | "implicit"; key: Buffer; cert: Buffer };
  /** Called at each RCPT TO; the server answers it only once the promise settles (a server that stalls mid-message). */
  holdRcpt?: (address: string) => Promise<void> | undefined;
}

export interface SmtpSink {
  /** SMTP_URL for a server that sends here. */
  url: string;
  /** Every message received, parsed, in order of arrival (empty with `parse: false`). */
  messages: ParsedMail[];
  /** The envelope recipients of every message received in full, in order of arrival. */
  received: string[][];
  /** The bytes of every message received in full, as sent (counted with `parse: false` only). */
  readonly bytes: number;
  /** Resolves once `count` messages have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<void>;
  /** The parsed messages to one address, in order of arrival. */
  mailsTo(address: string): ParsedMail[];
  /** The `count`th message to an address, once it has arrived (or rejects after `ms`). */
  nextMailTo(address: string, count: number, ms?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps what it is sent,
 * read back with mailparser. Like a real mail server, it has a message only
 * once its final dot arrived: a sender that drops the connection before that
 * leaves nothing. No auth; TLS when asked for (see SinkOptions.tls).
 */
export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const received: string[][] = [];
  let bytes = 0;
  const mailsTo = (address: string) => messages.filter((m) => recipientOf(m) === address);
  const tls = options.tls;
  const server = new SMTPServer({
    disabledCommands: tls?.mode === "starttls" ? ["AUTH"] : ["STARTTLS", "AUTH"],
    ...(tls ? { key: tls.key, cert: tls.cert, secure: tls.mode === "implicit" } : {}),
    logger: false,
    // Many senders at once in the crash test; the default (100) is per server, not per client.
    maxClients: 1000,
    // Stopping does not wait for senders that keep their connection open between messages.
    closeTimeout: 100,
    onMailFrom(_address, session, callback) {
      if (tls && !session.secure)
        return callback(Object.assign(new Error("Must issue a STARTTLS command first"), { responseCode: 530 }));
      callback();
    },
    onRcptTo(address, _session, reply) {
      const held = options.holdRcpt?.(address.address);
      const callback = (err?: Error | null) => (held ? void held.finally(() => reply(err)) : reply(err));
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      if (options.parse === false) {
        let size = 0;
        stream.on("error", () => undefined);
        stream.on("data", (chunk: Buffer) => (size += chunk.length));
        stream.on("end", () => {
          received.push(to);
          bytes += size;
          callback();
        });
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
    url: `${tls?.mode === "implicit" ? "smtps" : "smtp"}://127.0.0.1:${port}`,
    messages,
    received,
    get bytes() {
      return bytes;
    },
    async waitFor(count, ms = 10_000) {
      for (const giveUp = Date.now() + ms; received.length < count; await new Promise((r) => setTimeout(r, 25))) {
        if (Date.now() > giveUp) throw new Error(`expected ${count} messages, got ${received.length}`);
      }
    },
    mailsTo,
    async nextMailTo(address, count, ms = 15_000) {
      for (const giveUp = Date.now() + ms; mailsTo(address).length < count; await new Promise((r) => setTimeout(r, 25)))
        if (Date.now() > giveUp) throw new Error(`no mail number ${count} to ${address}`);
      return mailsTo(address)[count - 1]!;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first recipient a parsed message is addressed to. */
export const recipientOf = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address;

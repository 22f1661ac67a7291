import { EventEmitter } from "node:events";
import type { Socket } from "node:net";
import type { Duplex, Readable } from "node:stream";
import addressparser from "nodemailer/lib/addressparser";
import { isPermanentResponseCode } from "nodemailer/lib/errors";
import MailComposer from "nodemailer/lib/mail-composer";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import SMTPConnection from "nodemailer/lib/smtp-connection";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The one-click address (RFC 8058): mailbox providers POST to it; the visible link in the mail is the same. */
  unsubscribeUrl?: string;
  /** A stable id, so that a copy sent again is recognised as the same message. */
  messageId?: string;
}

/**
 * Prepares the record of a message about to be committed; resolves to how to
 * commit it (called just after the final dot is written, in the same step) or
 * withdraw it (the dot will not be sent), or to undefined to withdraw the message.
 */
export type CommitPoint = () => Promise<PreparedCommit | undefined>;
export interface PreparedCommit {
  commit(): void;
  withdraw(): void;
}

export interface SentMail {
  messageId: string;
  response: string;
}

/** The caller withdrew the message at its commit point: its final dot was never sent. */
export class CommitRefused extends Error {
  override name = "CommitRefused";
}

/** Whether an SMTP failure is final (a 5xx reply): the address should get nothing more. */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && isPermanentResponseCode(code);
}

// Long enough for a slow provider, short enough that a dead one frees the sender.
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * One SMTP connection to the operator's server (SMTP_URL), kept open between
 * messages and opened again after any failure, sending one message at a time.
 * nodemailer's SMTPConnection is used directly, rather than its transport,
 * because the transport reads a message ahead of the DATA command: sending the
 * message's bytes ourselves after DATA is what lets the commit point come at the
 * last moment before the final dot, the point after which the server has the
 * message (see send-queue.server.ts).
 */
export class SmtpClient {
  private readonly options: ReturnType<typeof parseConnectionUrl>;
  private readonly fromAddress: string;
  private connection: Promise<SMTPConnection> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly from: string;

  constructor(smtpUrl: string, from: string) {
    this.from = from;
    this.options = parseConnectionUrl(smtpUrl);
    this.fromAddress = addressparser(from, { flatten: true })[0]?.address ?? from;
  }

  /**
   * Sends one message. With `commitPoint`, the message's bytes go out, then
   * `commitPoint` prepares the caller's record and returns how to commit it;
   * that commit is started in the same synchronous step as the final dot is
   * written, just after it. When it returns undefined the dot is never sent: the
   * connection is dropped and the server discards the message.
   */
  send(mail: OutgoingMail, commitPoint?: CommitPoint): Promise<SentMail> {
    const run = this.queue.then(() => this.sendNow(mail, commitPoint));
    this.queue = run.catch(() => undefined);
    return run;
  }

  close(): void {
    const open = this.connection;
    this.connection = undefined;
    void open?.then((c) => c.quit()).catch(() => undefined);
  }

  private async sendNow(mail: OutgoingMail, commitPoint?: CommitPoint): Promise<SentMail> {
    const raw = await compose(this.from, mail);
    const connection = await this.open();
    try {
      const info = await new Promise<SMTPConnection.SentMessageInfo>((resolve, reject) => {
        const message = new CommittingMessage(raw.bytes, () => socketOf(connection), commitPoint);
        connection.send({ from: this.fromAddress, to: [mail.to] }, message as unknown as Readable, (err, result) =>
          err ? reject(err) : resolve(result),
        );
      });
      return { messageId: raw.messageId, response: info.response };
    } catch (err) {
      // The connection's state after a failure is not worth guessing: the next message opens a new one.
      this.drop(connection);
      const cause =
        (err as { code?: string; cause?: unknown }).code === "ESTREAM"
          ? ((err as { cause?: unknown }).cause ?? err)
          : err;
      throw cause instanceof CommitRefused ? cause : err;
    }
  }

  private open(): Promise<SMTPConnection> {
    this.connection ??= new Promise<SMTPConnection>((resolve, reject) => {
      const connection = new SMTPConnection({ ...this.options, ...TIMEOUTS });
      const auth = this.options.auth;
      // A failure to connect or greet arrives as an 'error' event, not through connect's callback.
      connection.on("error", (err) => {
        // Rejected first: dropping the connection ends it, and the 'end' below must not take the error's place.
        reject(err);
        this.drop(connection);
      });
      connection.once("end", () => {
        this.drop(connection);
        reject(new Error("the SMTP server closed the connection"));
      });
      connection.connect(() => {
        if (!auth?.user) return resolve(connection);
        connection.login(auth, (loginErr) => (loginErr ? reject(loginErr) : resolve(connection)));
      });
    }).catch((err: unknown) => {
      this.connection = undefined;
      throw err;
    });
    return this.connection;
  }

  private drop(connection: SMTPConnection): void {
    void this.connection?.then(
      (current) => {
        if (current === connection) this.connection = undefined;
      },
      () => undefined,
    );
    connection.close();
  }
}

/**
 * Waits for the socket to make progress: a 'drain', a 'close', or a short tick.
 * 'drain' alone is not enough: it is emitted only after a write that filled the
 * buffer, and a TLS socket holds its last few hundred bytes (being encrypted and
 * written to the TCP socket underneath) without ever having been full. Its
 * `writableLength` still falls to zero once they are in the kernel, so it is
 * looked at again after each tick.
 */
function progressOrClose(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(tick);
      socket.off("drain", done);
      socket.off("close", done);
      resolve();
    };
    const tick = setTimeout(done, 2);
    socket.on("drain", done);
    socket.on("close", done);
  });
}

/**
 * The connection's socket, which nodemailer keeps as `_socket` and does not
 * otherwise expose: needed to know that the message's bytes are in the kernel
 * before the commit point. Without it every send fails, and so does every test that sends.
 */
function socketOf(connection: SMTPConnection): Socket | undefined {
  const socket = (connection as unknown as { _socket?: Socket | false })._socket;
  return socket || undefined;
}

/** The message as MIME bytes: HTML and text alternatives, with List-Unsubscribe (and -Post, RFC 8058) when given. */
async function compose(from: string, mail: OutgoingMail): Promise<{ bytes: Buffer; messageId: string }> {
  const node = new MailComposer({
    from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    ...(mail.unsubscribeUrl
      ? {
          headers: {
            "List-Unsubscribe": `<${mail.unsubscribeUrl}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        }
      : {}),
  }).compile();
  const bytes = await node.build();
  return { bytes, messageId: node.messageId() };
}

/**
 * The message as the source nodemailer pipes into its DATA stream, ending (so
 * writing the final dot) only at the commit point. nodemailer starts piping
 * once the server has said go ahead to DATA; every byte but the dot is handed
 * to the socket first, and the kernel has them all (nothing left in Node's
 * buffers) before the commit point is prepared. Then, in one synchronous step,
 * ending the DATA stream writes the dot to the socket and the commit's own
 * write follows it, with nothing else run between them: a crash lands before
 * both or after both, but for the gap between two system calls (see
 * docs/newsletter.md). A stream's `end` event, or a commit through Kysely,
 * would come several ticks later, after whatever other work is queued.
 */
class CommittingMessage extends EventEmitter {
  private destroyed = false;
  private readonly bytes: Buffer;
  private readonly socket: () => Socket | undefined;
  private readonly commitPoint: CommitPoint | undefined;

  constructor(bytes: Buffer, socket: () => Socket | undefined, commitPoint?: CommitPoint) {
    super();
    this.bytes = bytes;
    this.socket = socket;
    this.commitPoint = commitPoint;
  }

  pipe(data: Duplex): Duplex {
    data.write(this.bytes);
    if (!this.commitPoint) {
      data.end();
      return data;
    }
    this.commitWhenWritten(data, this.commitPoint).catch((err: unknown) =>
      this.destroy(err instanceof Error ? err : new Error(String(err))),
    );
    return data;
  }

  destroy(err?: Error): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (err) this.emit("error", err);
  }

  private async commitWhenWritten(data: Duplex, commitPoint: CommitPoint): Promise<void> {
    const socket = this.socket();
    if (!socket) throw new Error("the SMTP connection has no socket");
    const pending = () => data.writableLength + data.readableLength + socket.writableLength;
    const closed = () => this.destroyed || socket.destroyed;
    while (pending() > 0 && !closed()) await progressOrClose(socket);
    if (closed()) throw new Error("the SMTP connection closed before the final dot");
    const prepared = await commitPoint();
    if (!prepared) throw new CommitRefused("withdrawn before the final dot");
    if (closed() || pending() > 0) {
      prepared.withdraw();
      throw new Error("the SMTP connection closed before the final dot");
    }
    try {
      data.end();
    } catch (err) {
      prepared.withdraw();
      throw err;
    }
    prepared.commit();
  }
}

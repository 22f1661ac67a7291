import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

// Credentials inside addresses (postgres://user:password@…, smtp://user:password@…, redis://:password@…).
const CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s]*:)[^@\s]+@/gi;
/** A text with any address's password replaced, for the log. */
export const withoutCredentials = (text: string) => text.replace(CREDENTIALS, "$1[secret]@");

/** pino's error serializer (message, stack, code and the rest), with credentials taken out of the text. */
export function errorForLog(err: unknown) {
  if (!(err instanceof Error)) return err;
  const shown = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(shown))
    if (typeof value === "string") shown[key] = withoutCredentials(value);
  return shown;
}

/** What the log may hold in memory while stdout is slower than the lines come; past it, lines are dropped, not the server slowed. */
const LOG_BUFFER_BYTES = 16 * 1024 * 1024;

/**
 * The server's logger, writing JSON lines to stdout. Asynchronously: a line is written at once
 * when the output is idle, and lines that come while a write is under way go out together with
 * the next one, so a crowd's request log costs a write per batch, not per line (issue 43); what
 * is still waiting is written when the process exits.
 */
export function createLogger(
  level: string,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_BYTES }),
): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: errorForLog },
      redact: { paths: ["req.headers.authorization", "req.headers.cookie"], remove: true },
    },
    destination,
  );
}

/** A finished request, as its log line tells it (server/http/request-log.ts). */
export interface RequestLine {
  req: { id: unknown; method: string; url: string };
  res: { statusCode: number };
  responseTime: number;
}

/**
 * Writes the info line of a finished request ("request completed", the shape pino-http gives
 * it), straight to the logger's destination: the same bytes pino would write for
 * `logger.info(line, msg)` with this logger's options (no base, ISO time; nothing in the line
 * is redacted or has a serializer), without pino's general path, which was a fifth of a cached
 * answer's cost when every request is logged (issue 43). logger.test.ts holds it to pino's output.
 * The lines of one turn of the event loop go out together at its end (linesPerTurn).
 */
export function requestLineWriter(logger: Logger, msg: string): (line: RequestLine) => void {
  const stream = (logger as unknown as Record<symbol, { write(text: string): void }>)[pino.symbols.streamSym]!;
  const write = linesPerTurn(stream);
  const level = logger.levels.values.info!;
  const end = `,"msg":${JSON.stringify(msg)}}\n`;
  return (line) => {
    if (!logger.isLevelEnabled("info")) return;
    write(
      `{"level":${level},"time":"${new Date().toISOString()}","req":${JSON.stringify(line.req)},"res":${JSON.stringify(line.res)},"responseTime":${line.responseTime}${end}`,
    );
  };
}

const turns = new WeakMap<object, (text: string) => void>();

/**
 * Request lines written in one turn of the event loop, handed to `stream` as one write when the
 * turn ends (setImmediate), in the order they came; other lines go out as pino writes them, so a
 * turn's request lines follow whatever else the turn logged. Given a crowd's request log line by
 * line, sonic-boom measured the chunk it was filling on every line (Buffer.byteLength of up to
 * 16 KB, flattening the string each time): an eighth of a cached answer's cost (issue 43). What is
 * waiting at exit is handed over before pino's own exit handler writes out what sonic-boom holds.
 */
function linesPerTurn(stream: { write(text: string): void }): (text: string) => void {
  const known = turns.get(stream);
  if (known) return known;
  let waiting: string[] = [];
  const handOver = () => {
    if (waiting.length === 0) return;
    const lines = waiting.join("");
    waiting = [];
    stream.write(lines);
  };
  process.prependListener("exit", handOver);
  const write = (text: string) => {
    if (waiting.push(text) === 1) setImmediate(handOver);
  };
  turns.set(stream, write);
  return write;
}

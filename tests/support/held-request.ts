import net from "node:net";

export interface HeldRequest {
  socket: net.Socket;
  /** The status line and headers of the answer, once it came ("" when the connection closed first). */
  answer: Promise<string>;
  /** Settles when the connection has closed. */
  closed: Promise<void>;
}

/**
 * A POST that announces `declared` bytes, sends its headers and the first `sent` bytes of its
 * body, then holds its side open and sends nothing more (a slow or hostile sender). It does not
 * hang up when the server does (`allowHalfOpen`), as such a sender would not.
 */
export function heldRequest(
  base: string,
  path: string,
  declared: number,
  headers: Record<string, string> = {},
  sent = 1024,
): HeldRequest {
  const url = new URL(base);
  const socket = net.connect({ host: url.hostname, port: Number(url.port), allowHalfOpen: true });
  const head = Object.entries({ "Content-Length": String(declared), ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  socket.on("connect", () =>
    socket.write(`POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\n${head}\r\n${"x".repeat(sent)}`),
  );
  socket.on("error", () => {});
  const answer = new Promise<string>((resolve) => {
    let got = "";
    socket.on("data", (chunk: Buffer) => {
      got += chunk.toString("latin1");
      const end = got.indexOf("\r\n\r\n");
      if (end >= 0) resolve(got.slice(0, end));
    });
    socket.on("close", () => resolve(got));
  });
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  return { socket, answer, closed };
}

/** The status of an answer's status line (0 when there was none). */
export const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

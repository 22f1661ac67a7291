import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long the rest of a refused request's body is read and dropped before its connection is cut. */
export const LINGER_MS = 5_000;

/**
 * An answer given before its request's body has arrived (a 401 or 413 to an upload, a 503 while
 * the desk is busy, a form over its limit) closes the connection, so that a sender who never
 * finishes its body cannot hold it open: on 4494ae7, 19,918 refused uploads held their
 * connections for 150 s, until the server ran out of file descriptors.
 *
 * The answer says `Connection: close`. Node then closes the socket as soon as the answer is
 * written, and a sender still sending gets a reset that can make it lose the answer it was
 * sent; so the close lingers instead, as web servers' "lingering close" does: our side is
 * ended, what still arrives is read and dropped (never kept), and the socket is destroyed when
 * the body has all arrived, the sender hangs up, or LINGER_MS has passed, whichever is first.
 */
const lingering = new Set<Socket>();
let stopping = false;

/**
 * At shutdown nobody is owed a lingering close: the sockets lingering now are cut, and later
 * early answers close at once. Otherwise an upload aborted at shutdown would linger past the
 * grace period and turn a clean exit into a forced one.
 */
export function cutLingeringCloses(): void {
  stopping = true;
  for (const socket of lingering) socket.destroy();
  lingering.clear();
}

export function closeAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete) {
      this.setHeader("Connection", "close");
      lingerOnClose(req);
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

function lingerOnClose(req: IncomingMessage): void {
  // An upload aborted at shutdown is answered after its socket is gone: nothing to linger on.
  const socket = req.socket as Socket | null;
  if (!socket || socket.destroyed) return;
  const destroySoon = socket.destroySoon.bind(socket);
  // Node calls this once a `Connection: close` answer is written (resOnFinish in node:_http_server).
  socket.destroySoon = () => {
    if (req.complete || stopping) return destroySoon();
    socket.end();
    const close = () => {
      clearTimeout(cut);
      socket.destroy();
    };
    const cut = setTimeout(close, LINGER_MS).unref();
    lingering.add(socket);
    req.once("end", close);
    socket.once("end", close);
    socket.once("close", () => {
      clearTimeout(cut);
      lingering.delete(socket);
    });
    // Node has already set the body flowing to nowhere (req._dump()); this makes sure of it.
    req.resume();
  };
}

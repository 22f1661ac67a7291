import http from "node:http";
import type { AddressInfo } from "node:net";

/** A fake upstream on 127.0.0.1 whose every answer the test decides. */
export function fakeUpstream() {
  const requests: Array<{ path: string; headers: http.IncomingHttpHeaders; body: unknown }> = [];
  let handler: (req: http.IncomingMessage, res: http.ServerResponse, body: unknown) => void = (_req, res) =>
    res.end("{}");
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const parsed = raw ? (JSON.parse(raw) as unknown) : null;
      requests.push({ path: req.url ?? "", headers: req.headers, body: parsed });
      handler(req, res, parsed);
    });
  });
  return {
    requests,
    on(next: typeof handler) {
      handler = next;
    },
    async start() {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
export const json = (res: http.ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(value));
};

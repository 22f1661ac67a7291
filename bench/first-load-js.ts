// First-load JavaScript of each page: every script and modulepreload the
// server-rendered HTML references, in bytes and gzipped (level 6, what the server sends).
// Usage: node bench/first-load-js.ts [base-url] (default http://127.0.0.1:3000, a running server)
import { gzipSync } from "node:zlib";

const base = (process.argv[2] ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const pages = ["/", "/chat", "/recap", "/recap/10", "/explorer", "/podcast"];

const rows = [];
for (const page of pages) {
  const html = await (await fetch(base + page)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)) urls.add(m[1]!);
  // React Router's inline bootstrap imports the entry and route modules by URL.
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!);
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 6 }).length;
  }
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + m[1]!.length, 0);
  rows.push({ page, files: urls.size, bytes: raw, gzip, "inline script bytes": inline });
}
console.table(rows);

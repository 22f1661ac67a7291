// First-load JavaScript of each page: every script and modulepreload the
// server-rendered HTML references, in bytes and gzipped (level 6). Chunks a page
// imports later (the comments block, the toasts) are not counted: nothing waits for them.
// The islands script of a plain-HTML page, fetched after its load event, is reported apart.
// Usage: node bench/first-load-js.ts [base-url] [--budget]
//   base-url: a running server (default http://127.0.0.1:3000)
//   --budget: exit 1 when a page is over its budget (home 90 KB, every other page 130 KB, gzip)
import { gzipSync } from "node:zlib";

const args = process.argv.slice(2);
const enforce = args.includes("--budget");
const base = (args.find((a) => !a.startsWith("--")) ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const pages = ["/", "/chat", "/recap", "/recap/10", "/explorer", "/podcast"];
/** Budgets in KB (1,000 bytes), gzip: React and the router alone are most of a page's share. */
const budgetKb = (page: string) => (page === "/" ? 90 : 130);

const rows = [];
let over = 0;
for (const page of pages) {
  const html = await (await fetch(base + page)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g))
    urls.add(m[1]!);
  // React Router's inline bootstrap imports the entry and route modules by URL (started after the
  // load event, with the preloads it lists, since server/http/defer-hydration.ts: still what the page needs).
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!);
  for (const list of html.matchAll(/const preload=(\[[^\]]*\])/g))
    for (const url of JSON.parse(list[1]!) as string[]) urls.add(url);
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 6 }).length;
  }
  // Pages with islands load their code after the page's load event: counted apart, with what it imports.
  const later = new Set<string>([...html.matchAll(/go=\(\)=>import\("(\/assets\/[^"]+\.js)"\)/g)].map((m) => m[1]!));
  let laterGzip = 0;
  for (const url of later) {
    const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    laterGzip += gzipSync(body, { level: 6 }).length;
    for (const m of body.toString("utf8").matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g))
      later.add(`/assets/${m[1]}`);
  }
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + m[1]!.length, 0);
  const budget = budgetKb(page) * 1000;
  if (gzip > budget) over++;
  rows.push({
    page,
    files: urls.size,
    bytes: raw,
    gzip,
    "budget (gzip)": budget,
    within: gzip <= budget ? "yes" : "NO",
    "inline script bytes": inline,
    "islands after load (gzip)": laterGzip,
  });
}
console.table(rows);
if (over) console.log(`${over} page(s) over their first-load JavaScript budget.`);
if (enforce && over) process.exit(1);

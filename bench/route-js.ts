// First-load JavaScript of every route, the desk's included, read from the client build's
// manifest: the route's chunk, the root's and the client entry, with every chunk they import
// statically (what the browser fetches before the page runs), in bytes gzipped (level 6).
// Pages that ship no script (handle STATIC_PAGE) or only islands still list their chunk
// here: this measures what each route module costs, not what a page sends.
// Usage: node bench/route-js.ts [build/client] [--json]
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith("--")) ?? "build/client";
type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(fs.readFileSync(path.join(dir, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;
const gzipOf = new Map<string, number>();
const size = (file: string) => {
  if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(fs.readFileSync(path.join(dir, file)), { level: 6 }).length);
  return gzipOf.get(file)!;
};
const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
};
const entry = Object.keys(manifest).find((k) => k.endsWith("entry.client.tsx"))!;
const root = Object.keys(manifest).find((k) => k.startsWith("app/root.tsx"))!;
const routes = Object.keys(manifest).filter(
  (k) => k.startsWith("app/routes/") && k.includes("__react-router-build-client-route"),
);
const rows = routes
  .map((key) => {
    const files = [...closure([entry, root, key])].map((k) => manifest[k]!.file);
    const text = files.map((f) => fs.readFileSync(path.join(dir, f), "utf8")).join("\n");
    return {
      route: key.replace(/\?.*$/, ""),
      gzipBytes: files.reduce((sum, f) => sum + size(f), 0),
      zod: /\$ZodType|ZodError/.test(text),
    };
  })
  .sort((a, b) => a.route.localeCompare(b.route));
if (args.includes("--json")) console.log(JSON.stringify(rows));
else
  for (const r of rows)
    console.log(
      `${r.route.padEnd(44)} ${(r.gzipBytes / 1000).toFixed(1).padStart(7)} KB gzip${r.zod ? "  (carries zod)" : ""}`,
    );

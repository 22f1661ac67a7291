/**
 * React Router's scripts for a hydrated page, started after the page's `load`
 * event instead of at once. The page is server-rendered and usable before
 * (links, forms), and its first paint then waits for no script: Lighthouse's
 * simulation, like a slow phone, otherwise counts the ~130 KB of high-priority
 * module preloads as part of the first paint. At `load` the same preloads are
 * added, so the chunks still arrive in parallel, and the route modules are
 * imported as before. Pages with islands already work this way (app/islands/).
 *
 * The rewrite is of React Router's own output, so it is strict: anything it
 * does not recognise leaves the page exactly as rendered.
 */
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const ROUTE_IMPORT = /import \* as (route\d+) from ("[^"\\]+");/g;
export const PRELOADS_PER_TASK = 6;

export function deferHydration(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const routes: Array<[string, string]> = [];
  const rest = script[1]!.replace(ROUTE_IMPORT, (_all, name: string, url: string) => {
    routes.push([name, url]);
    return "";
  });
  // A static import left over would need the module graph at once: not a shape this knows.
  if (!routes.length || /(^|[;\s])import\s*["{*\w]/.test(rest)) return html;
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]!);
  // Adding a modulepreload link costs the main thread 0.2-1.3 ms (a request started each time), and a
  // page has 30-50: added PRELOADS_PER_TASK at a time, with a yield between, they make no long task.
  const loader =
    `const preload=${JSON.stringify(preloads)};` +
    `const go=async()=>{for(const [i,href] of preload.entries()){` +
    `if(i&&i%${PRELOADS_PER_TASK}===0)await new Promise((r)=>setTimeout(r));` +
    `const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}` +
    `const [${routes.map(([name]) => name).join(",")}]=await Promise.all([${routes.map(([, url]) => `import(${url})`).join(",")}]);${rest}};` +
    `document.readyState==="complete"?go():addEventListener("load",()=>go(),{once:true});`;
  return html.replace(PRELOAD, "").replace(script[0], () => `<script type="module" async="">${loader}</script>`);
}

import type { PublicConfig } from "#common/config/public-config.ts";

/**
 * What a page with islands ships instead of the app's scripts: the site
 * configuration, and a loader that fetches the islands' code once the page has
 * loaded, so that nothing competes with the first paint.
 */
export function IslandsLoader({ site, script }: { site: PublicConfig; script: string }) {
  return (
    <>
      <script
        type="application/json"
        id="site-config"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(site).replaceAll("<", "\\u003c") }}
      />
      <script
        type="module"
        dangerouslySetInnerHTML={{
          __html: `const go=()=>import(${JSON.stringify(script)});document.readyState==="complete"?go():addEventListener("load",go,{once:true});`,
        }}
      />
    </>
  );
}

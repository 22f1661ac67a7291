import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** The catch-all route (app/routes.ts): a path only it matches is a page that does not exist. */
const CATCH_ALL_ID = "routes/not-found";

/** React Router's own address for lazy route discovery, unless the build names another. */
const DEFAULT_MANIFEST_PATH = "/__manifest";

/** Where the one kept 404 page is rendered: a path that only the catch-all claims. */
export const NOT_FOUND_ROUTE = "/__not-found";

/**
 * Tells, without rendering, whether a page claims a path: React Router's own
 * matching over the build's route table, read once per build.
 */
export function routeMatcher(build: () => Promise<ServerBuild>) {
  let routes: { from: ServerBuild; tree: RouteObject[] } | undefined;
  const treeOf = (from: ServerBuild): RouteObject[] => {
    const children = new Map<string | undefined, RouteObject[]>();
    for (const route of Object.values(from.routes)) {
      if (!route) continue;
      const node = {
        id: route.id,
        path: route.path,
        caseSensitive: route.caseSensitive,
        ...(route.index ? { index: true as const } : {}),
      } as RouteObject;
      const siblings = children.get(route.parentId) ?? [];
      siblings.push(node);
      children.set(route.parentId, siblings);
    }
    const attach = (nodes: RouteObject[]): RouteObject[] =>
      nodes.map((node) => (node.index ? node : { ...node, children: attach(children.get(node.id) ?? []) }));
    return attach(children.get(undefined) ?? []);
  };
  return {
    /**
     * What answers `path`: a page, React Router itself (lazy route discovery asks which routes a
     * link leads to, a lookup in the route table, not a render), or nothing but the catch-all.
     */
    async kindOf(path: string): Promise<"page" | "router" | "missing"> {
      const from = await build();
      if (path === (from.routeDiscovery?.manifestPath ?? DEFAULT_MANIFEST_PATH)) return "router";
      if (routes?.from !== from) routes = { from, tree: treeOf(from) };
      const matches = matchRoutes(routes.tree, path);
      return matches && matches.at(-1)?.route.id !== CATCH_ALL_ID ? "page" : "missing";
    },
  };
}

// Rules for the wall between browser and server that ESLint's own rules cannot express
// (docs/architecture.md, "Layout and rules"). eslint.config.js decides where each applies.
import path from "node:path";

const ROOT = import.meta.dirname;

/** The repository path (POSIX, from the root) a specifier names, or null for a package. */
function target(filename, specifier) {
  if (specifier.startsWith("#")) return path.posix.normalize(specifier.slice(1));
  if (!specifier.startsWith(".")) return null;
  const from = path.relative(ROOT, path.dirname(filename)).split(path.sep).join("/");
  return path.posix.normalize(path.posix.join(from, specifier));
}

const relative = (filename) => path.relative(ROOT, filename).split(path.sep).join("/");

/**
 * A pattern of no-restricted-imports ({ regex } or { group } of gitignore-like names such as
 * "node:*", "kysely/*", "pg") as one test, so the static and the dynamic rule share one list.
 */
function matcher(pattern) {
  if (pattern.regex) {
    const regex = new RegExp(pattern.regex);
    return (specifier) => regex.test(specifier);
  }
  const names = pattern.group.map((name) => {
    const glob = name.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*");
    return new RegExp(`^${glob}(?:/.*)?$`);
  });
  return (specifier) => names.some((name) => name.test(specifier));
}

/** The string an import() names: a literal, or the fixed start of a template literal. */
function dynamicSpecifier(node) {
  const source = node.source;
  if (source.type === "Literal" && typeof source.value === "string") return source.value;
  if (source.type === "TemplateLiteral") return source.quasis[0].value.cooked ?? null;
  return null;
}

// no-restricted-imports sees import declarations and export … from, never import(): a
// component could load server code lazily and slip past the wall.
const noRestrictedDynamicImport = {
  meta: {
    type: "problem",
    docs: { description: "The patterns of no-restricted-imports, applied to dynamic import()." },
    schema: [
      {
        type: "object",
        properties: { patterns: { type: "array", items: { type: "object" } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const patterns = (context.options[0]?.patterns ?? []).map((pattern) => ({
      test: matcher(pattern),
      message: pattern.message,
    }));
    return {
      ImportExpression(node) {
        const specifier = dynamicSpecifier(node);
        if (specifier === null) return;
        const hit = patterns.find((pattern) => pattern.test(specifier));
        if (hit) context.report({ node, message: `import("${specifier}"): ${hit.message}` });
      },
    };
  },
};

const FEATURE = /^app\/features\/([^/]+)\//;

// Features do not import each other, and shared UI (components, hooks, lib) does not import a
// feature: shared code flows down. Relative paths and #app/ aliases, static and dynamic.
const featureBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "A feature imports no other feature; shared UI imports no feature." },
    schema: [],
  },
  create(context) {
    const file = relative(context.filename);
    const own = FEATURE.exec(file)?.[1];
    const check = (node, specifier) => {
      if (typeof specifier !== "string") return;
      const to = target(context.filename, specifier);
      const feature = to && FEATURE.exec(`${to}/`)?.[1];
      if (!feature || feature === own) return;
      context.report({
        node,
        message: own
          ? `app/features/${own} imports app/features/${feature}: features do not import each other. Move what both need to app/components, app/lib or common/.`
          : `Shared UI code imports app/features/${feature}: shared code flows down. Move what it needs to app/components, app/lib or common/.`,
      });
    };
    const fromSource = (node) => node.source && check(node, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => check(node, dynamicSpecifier(node)),
    };
  },
};

export default {
  meta: { name: "wall" },
  rules: {
    "no-restricted-dynamic-import": noRestrictedDynamicImport,
    "feature-boundaries": featureBoundaries,
  },
};

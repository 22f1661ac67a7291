import { builtinModules } from "node:module";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import wall from "./eslint-wall.js";

// The wall between browser and server (docs/architecture.md, "Layout and rules"). Each zone
// lists what its files may not import; a relative path and its #alias are both caught.
// Regular expressions, not gitignore globs: a glob starting with "#" is a comment there.
const SERVER = "(^|/)server/|^#server/";
const APP = "(^|/)app/|^#app/";
const NODE = ["node:*", ...builtinModules];
// What would drag a driver, a server library or schema work into code the browser loads.
const SERVER_LIBRARIES = [
  "zod",
  "pg",
  "kysely",
  "kysely/*",
  "ioredis",
  "express",
  "nodemailer",
  "nodemailer/*",
  "@aws-sdk/*",
  "pino",
  "pino-http",
  "music-metadata",
  "file-type",
];

const ZOD = ["zod", "zod/*"];
const SERVER_ONLY_LIBRARIES = SERVER_LIBRARIES.filter((name) => name !== "zod");

// What a route module may not import from server/ (anything but a *.server.ts module).
const ROUTE_DOORS = {
  regex: "^(?:(?:\\.\\./)+server|#server)/(?!.*\\.server(?:\\.ts)?$)",
  message: "A route reaches server code only through a *.server.ts module (see docs/architecture.md).",
};

/**
 * A zone's import bans, for import declarations (no-restricted-imports) and for import()
 * (wall/no-restricted-dynamic-import: no-restricted-imports does not see import() at all).
 * One rule object per zone: a later config object setting the same rule replaces it.
 */
const restrict = (...patterns) => ({
  "no-restricted-imports": ["error", { patterns }],
  "wall/no-restricted-dynamic-import": ["error", { patterns }],
});

export default tseslint.config(
  { ignores: ["build/", ".react-router/", ".tools/", "data/", "node_modules/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, wall },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Migrations and dialect helpers work on any schema by design.
    files: ["server/db/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // UI code runs in the browser: it gets what it needs from common/ or from its route's loader.
    files: ["app/features/**", "app/components/**", "app/hooks/**", "app/lib/**", "app/islands/**"],
    rules: {
      ...restrict(
        {
          regex: SERVER,
          message:
            "UI code never imports server/: put shared types and pure helpers in common/, or pass data from the route's loader.",
        },
        { group: NODE, message: "UI code runs in the browser: no Node built-ins." },
        {
          group: ZOD,
          message:
            "zod belongs at the server boundary (config, HTTP bodies, content files, route actions): UI code gets data a loader or the API has already checked, and zod would add ~22 KB to the browser's bundle.",
        },
        {
          group: SERVER_ONLY_LIBRARIES,
          message: "UI code runs in the browser: no drivers or server libraries.",
        },
      ),
    },
  },
  {
    // Features do not import each other, and shared UI does not import a feature: shared code
    // flows down. (app/islands/ is left out: its registry mounts components of every feature.)
    files: ["app/features/**", "app/components/**", "app/hooks/**", "app/lib/**"],
    rules: { "wall/feature-boundaries": "error" },
  },
  {
    // Route modules are the one door: their loaders and actions reach the server, and only
    // through modules named *.server.ts, which React Router's build refuses to put in a
    // browser bundle. So a component that reached one by mistake fails the build.
    // Types are erased before any bundle is made, so a route may name any server type.
    files: ["app/routes/**", "app/root.tsx", "app/routes.ts", "app/entry.server.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ ...ROUTE_DOORS, allowTypeImports: true }] }],
      // import() brings a value, never only a type.
      "wall/no-restricted-dynamic-import": ["error", { patterns: [ROUTE_DOORS] }],
    },
  },
  {
    files: ["server/**"],
    rules: {
      // *.server.ts exactly when a route module imports it (docs/architecture.md, "The .server rule").
      "wall/server-suffix": "error",
      ...restrict({
        regex: APP,
        message: "server/ never imports app/: what both sides need lives in common/.",
      }),
    },
  },
  {
    // The shared vocabulary: both sides import it, so it imports neither, and nothing that
    // only one side can run.
    files: ["common/**"],
    rules: {
      ...restrict(
        { regex: `${SERVER}|${APP}`, message: "common/ imports neither app/ nor server/." },
        { group: NODE, message: "common/ runs in the browser too: no Node built-ins." },
        {
          group: SERVER_LIBRARIES,
          message: "common/ holds types and pure helpers: no drivers, server libraries or schemas.",
        },
      ),
    },
  },
);

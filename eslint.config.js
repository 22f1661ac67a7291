import { builtinModules } from "node:module";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The wall between browser and server (docs/architecture.md, "Layout and rules"). Each zone
// lists what its files may not import; a relative path and its #alias are both caught.
// Regular expressions, not gitignore globs: a glob starting with "#" is a comment there.
const SERVER = "(^|/)server/|^#server/";
const APP = "(^|/)app/|^#app/";
const NODE = ["node:*", ...builtinModules];
// What would drag a driver, a server library or schema work into code the browser loads.
const SERVER_LIBRARIES = [
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
  "zod",
  "music-metadata",
  "file-type",
];

const restrict = (...groups) => ["error", { patterns: groups }];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", ".tools/", "data/", "node_modules/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
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
      "no-restricted-imports": restrict(
        {
          regex: SERVER,
          message:
            "UI code never imports server/: put shared types and pure helpers in common/, or pass data from the route's loader.",
        },
        { group: NODE, message: "UI code runs in the browser: no Node built-ins." },
      ),
    },
  },
  {
    // Route modules are the one door: their loaders and actions reach the server, and only
    // through modules named *.server.ts, which React Router's build refuses to put in a
    // browser bundle. So a component that reached one by mistake fails the build.
    // Types are erased before any bundle is made, so a route may name any server type.
    files: ["app/routes/**", "app/root.tsx", "app/routes.ts", "app/entry.server.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?:(?:\\.\\./)+server|#server)/(?!.*\\.server(?:\\.ts)?$)",
              allowTypeImports: true,
              message: "A route reaches server code only through a *.server.ts module (see docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**"],
    rules: {
      "no-restricted-imports": restrict({
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
      "no-restricted-imports": restrict(
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

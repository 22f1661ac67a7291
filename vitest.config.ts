import { defineConfig } from "vitest/config";

/**
 * API test files that share one Redis database (TEST_REDIS_URL): its rate-limit counters, and
 * scale-out's FLUSHDB, would cross between files running at once, so these run one at a time.
 */
const SHARED_REDIS = [
  "tests/api/server.test.ts",
  "tests/api/desk-burst.test.ts",
  "tests/api/chat-sharing.test.ts",
  "tests/api/scale-out.test.ts",
  "tests/api/uncached-renders.test.ts",
];

export default defineConfig({
  test: {
    // Two files at a time: most API files wait on a server, a database or a mail sink, so a
    // second one fits beside them on CI's two cores (Vitest's default there would be one).
    maxWorkers: 2,
    projects: [
      {
        extends: false,
        test: {
          name: "unit",
          include: [
            "server/**/*.test.ts",
            "app/**/*.test.{ts,tsx}",
            "common/**/*.test.{ts,tsx}",
            // The wall's lint rules, proved on snippets (ESLint's Node API, no server).
            "tests/lint/**/*.test.ts",
          ],
          environment: "node",
          maxWorkers: 2,
        },
      },
      {
        extends: false,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          exclude: SHARED_REDIS,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
      {
        extends: false,
        test: {
          name: "api-redis",
          include: SHARED_REDIS,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: false,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One browser at a time, after the parallel files: the machine has two cores and the server needs one.
          fileParallelism: false,
        },
      },
    ],
  },
});

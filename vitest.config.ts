import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        test: {
          name: "unit",
          include: ["server/**/*.test.ts", "app/**/*.test.{ts,tsx}", "common/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        extends: false,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          // One browser at a time: the machine has two cores and the server needs one.
          fileParallelism: false,
        },
      },
    ],
  },
});

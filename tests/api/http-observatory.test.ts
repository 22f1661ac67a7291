import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server.ts";
import { serverForTests } from "../support/server-for-tests.ts";

// Installed by bin/test (ensure_observatory in bin/lib/env.sh), outside the project's dependencies.
const SCANNER = path.join(ROOT, ".tools/observatory/node_modules/@mdn/mdn-http-observatory");

interface TestOutcome {
  name?: string;
  result: string;
  pass: boolean | null;
}

/** The scanner's own checks against our server; its CLI cannot be given a port, its library can. */
async function observatory(port: number): Promise<Record<string, TestOutcome>> {
  if (!fs.existsSync(path.join(SCANNER, "package.json")))
    throw new Error("The HTTP Observatory scanner is missing: run bin/test, which installs it into .tools/observatory");
  const { retrieve } = (await import(pathToFileURL(path.join(SCANNER, "src/retriever/retriever.js")).href)) as {
    retrieve: (host: string, options: { httpPort: number; httpsPort: number }) => Promise<unknown>;
  };
  const { ALL_TESTS } = (await import(pathToFileURL(path.join(SCANNER, "src/constants.js")).href)) as {
    ALL_TESTS: Array<(r: unknown) => TestOutcome>;
  };
  // Port 1 on the loopback refuses at once: there is no TLS listener here, as on a developer's machine.
  const retrieved = await retrieve("127.0.0.1", { httpPort: port, httpsPort: 1 });
  return Object.fromEntries(ALL_TESTS.map((test) => [test.name, test(retrieved)]));
}

const site = serverForTests({});

describe("HTTP Observatory", () => {
  it("passes every test but the two that need TLS (the redirect to https and HSTS)", async () => {
    const results = await observatory(Number(new URL(site.server.url).port));
    expect(Object.keys(results)).toHaveLength(10);
    const failed = Object.entries(results).filter(([, r]) => !r.pass);
    expect(Object.fromEntries(failed.map(([name, r]) => [name, r.result]))).toEqual({
      redirectionTest: "redirection-missing",
      strictTransportSecurityTest: "hsts-not-implemented-no-https",
    });
    // Not merely passing: the policy admits no inline script, only inline styles.
    expect(Object.values(results).find((r) => r.result.startsWith("csp-"))?.result).toBe(
      "csp-implemented-with-unsafe-inline-in-style-src-only",
    );
  });
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outputOf, patientAgent, webhookProvider } from "./webhook-provider.ts";

// A webhook that sends its headers only after `delay` ms: a slow deep-research workflow, shortened.
let base: string;
let delay = 0;
const server = http.createServer((_req, res) => {
  setTimeout(() => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ output: "late but fine" }));
  }, delay);
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const request = {
  message: "hi",
  uuid: "6a9e1f0c-2b3d-4e5f-8a7b-9c0d1e2f3a4b",
  timestamp: new Date().toISOString(),
  deepresearchStatus: "true" as const,
  retryAttempt: 0,
};

describe("webhook provider timeouts", () => {
  it(
    "waits past a dispatcher's own header timeout when the deadline allows it (300 s in production, shortened here)",
    { timeout: 20_000 },
    async () => {
      // The answer comes 2 s after the impatient timeout: undici checks its timeouts on a coarse timer (up to
      // about a second late), and with half a second between the two, a loaded CI machine let the answer
      // through before the timeout fired.
      delay = 3_000;
      // A dispatcher with a default-like header timeout shorter than the wait fails…
      const impatient = webhookProvider(base, new Agent({ headersTimeout: 1_000 }));
      await expect(impatient.answer(request, AbortSignal.timeout(8_000))).rejects.toThrow();
      // …while ours, sized from the deadline, waits for the answer.
      const patient = webhookProvider(base, patientAgent(5_000));
      expect(await patient.answer(request, AbortSignal.timeout(8_000))).toEqual({ ok: true, output: "late but fine" });
    },
  );

  it("is ended by the request's deadline, not by the dispatcher", async () => {
    delay = 1_500;
    const patient = webhookProvider(base, patientAgent(60_000));
    await expect(patient.answer(request, AbortSignal.timeout(300))).rejects.toThrow(/aborted|timeout/i);
  });

  it("reads {output} and n8n's [{output}]", () => {
    expect(outputOf({ output: "a" })).toBe("a");
    expect(outputOf([{ output: "b" }])).toBe("b");
    expect(outputOf([])).toBeUndefined();
    expect(outputOf({ output: 3 })).toBeUndefined();
  });
});

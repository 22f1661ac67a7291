import { describe, expect, it } from "vitest";
import { AGENTS_PER_NETWORK } from "./audience-limits.ts";
import { applyRequests, minuteOfAudio, type AudioRequest, type DownloadWindow } from "./download-windows.ts";

const MINUTE = 1_000_000;
const at = (hours: number) => new Date(Date.UTC(2026, 10, 20, 8) + hours * 3_600_000);
const request = (hours: number, bytes: number, over: Partial<AudioRequest> = {}): AudioRequest => ({
  at: at(hours),
  episodeId: 1,
  clients: ["client-today", "client-yesterday"],
  network: ["network-today", "network-yesterday"],
  bytes,
  threshold: MINUTE,
  app: "Overcast",
  platform: "iOS",
  ...over,
});

describe("IAB download windows", () => {
  it("counts a client once however many ranges it took within 24 hours", () => {
    const open: DownloadWindow[] = [];
    const { counted } = applyRequests(open, [
      request(0, 400_000),
      request(0.1, 400_000),
      request(0.2, 400_000),
      request(5, 9e6),
    ]);
    expect(counted).toHaveLength(1);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ requests: 4, counted: true, startedAt: at(0).toISOString() });
  });

  it("does not count less than a minute of audio, however many small requests", () => {
    const open: DownloadWindow[] = [];
    const { counted } = applyRequests(open, [request(0, 300_000), request(1, 300_000), request(2, 300_000)]);
    expect(counted).toHaveLength(0);
    expect(open[0]!.bytes).toBe(900_000);
  });

  it("counts again in a new window once 24 hours have passed since the first request", () => {
    const open: DownloadWindow[] = [];
    expect(applyRequests(open, [request(0, MINUTE)]).counted).toHaveLength(1);
    expect(applyRequests(open, [request(23.9, MINUTE)]).counted).toHaveLength(0);
    expect(applyRequests(open, [request(24, MINUTE)]).counted).toHaveLength(1);
    expect(open).toHaveLength(2);
  });

  it("finds a window opened yesterday through the hash with yesterday's salt", () => {
    const open: DownloadWindow[] = [];
    applyRequests(open, [request(0, 10, { clients: ["client-yesterday", "older"] })]);
    const { counted } = applyRequests(open, [request(15, MINUTE)]);
    expect(open).toHaveLength(1);
    expect(counted).toHaveLength(1);
  });

  it("keeps episodes and clients apart", () => {
    const open: DownloadWindow[] = [];
    const { counted } = applyRequests(open, [
      request(0, MINUTE),
      request(0, MINUTE, { episodeId: 2 }),
      request(0, MINUTE, { clients: ["another", "another-before"] }),
    ]);
    expect(counted).toHaveLength(3);
  });

  it("takes a batch out of order in time order", () => {
    const open: DownloadWindow[] = [];
    applyRequests(open, [request(30, MINUTE), request(1, MINUTE)]);
    expect(open.map((w) => w.startedAt)).toEqual([at(1).toISOString(), at(30).toISOString()]);
  });
});

// Issue 38, point 5: 300 requests from one address, each with a new user agent, counted 300 downloads.
describe("what one network adds", () => {
  const agent = (i: number, over: Partial<AudioRequest> = {}) =>
    request(over.at ? 0 : i / 1000, MINUTE, { clients: [`agent-${i}`, `agent-${i}-before`], ...over });

  it(`counts its first ${AGENTS_PER_NETWORK} user agents in 24 hours as clients, and every later one as one more`, () => {
    const open: DownloadWindow[] = [];
    const { counted } = applyRequests(
      open,
      Array.from({ length: 300 }, (_, i) => agent(i)),
    );
    expect(counted).toHaveLength(AGENTS_PER_NETWORK + 1);
    expect(new Set(open.map((w) => w.client))).toEqual(
      new Set([...Array.from({ length: AGENTS_PER_NETWORK }, (_, i) => `agent-${i}`), "network-today"]),
    );
    // Another batch the same day: nothing more, not even from a client first seen in the crowd's rest.
    expect(applyRequests(open, [agent(300, { at: at(2) }), agent(250, { at: at(3) })]).counted).toHaveLength(0);
    // Another episode: the same clients, each once more.
    expect(
      applyRequests(
        open,
        Array.from({ length: 30 }, (_, i) => agent(i, { episodeId: 2 })),
      ).counted,
    ).toHaveLength(AGENTS_PER_NETWORK + 1);
  });

  it("still counts a client it already knows, and other networks apart", () => {
    const open: DownloadWindow[] = [];
    applyRequests(open, [...Array.from({ length: 20 }, (_, i) => agent(i, { bytes: 10 }))]);
    // agent-3 was among the first ten: its window grows into a download.
    expect(applyRequests(open, [agent(3, { at: at(1) })]).counted).toMatchObject([{ client: "agent-3" }]);
    const elsewhere = applyRequests(open, [
      agent(500, { at: at(1), network: ["another-network", "another-network-before"] }),
    ]);
    expect(elsewhere.counted).toMatchObject([{ client: "agent-500", network: "another-network" }]);
  });

  it("gives the network its clients back once 24 hours have passed", () => {
    const open: DownloadWindow[] = [];
    expect(
      applyRequests(
        open,
        Array.from({ length: 30 }, (_, i) => agent(i)),
      ).counted,
    ).toHaveLength(11);
    const later = Array.from({ length: 30 }, (_, i) => agent(i + 100, { at: at(25 + i / 1000) }));
    expect(applyRequests(open, later).counted).toHaveLength(AGENTS_PER_NETWORK + 1);
  });

  it("finds each request's window by its client, not by looking through every open window", () => {
    // On 4494ae7 each request looked through every open window: 100,000 listeners in a batch
    // froze the server for a minute. Here 100,000 windows are open (an hour earlier), and
    // each time one is looked at, it is counted.
    let looked = 0;
    const open: DownloadWindow[] = Array.from({ length: 100_000 }, (_, i) => {
      const w = {
        client: `c${i}`,
        network: `n${i}`,
        startedAt: at(-1).toISOString(),
        bytes: 10,
        requests: 1,
        counted: false,
        app: "Overcast",
        platform: "iOS",
      };
      return Object.defineProperty(w, "episodeId", {
        enumerable: true,
        get: () => {
          looked += 1;
          return 1;
        },
      }) as DownloadWindow;
    });
    const crowd = Array.from({ length: 3_000 }, (_, i) =>
      // 2,000 new listeners, and 1,000 whose windows are open.
      request(i / 3_000, MINUTE, {
        clients: i < 2_000 ? [`new${i}`, `new${i}-before`] : [`c${i}`, `c${i}-before`],
        network: i < 2_000 ? [`m${i}`, `m${i}-before`] : [`n${i}`, `n${i}-before`],
      }),
    );
    expect(applyRequests(open, crowd).counted).toHaveLength(3_000);
    expect(open).toHaveLength(102_000);
    expect(looked).toBeLessThanOrEqual(1_000);
  }, 30_000); // 100,000 windows to build: seconds on a busy machine, and the count is what is tested
});

describe("a minute of audio", () => {
  it("is the episode's bytes per minute, or the whole file when it is shorter than a minute", () => {
    expect(minuteOfAudio(60_000_000, 3600, undefined)).toBe(1_000_000);
    expect(minuteOfAudio(500_000, 40, undefined)).toBe(500_000);
  });
  it("assumes 128 kbit/s when the length is not known, never more than the file", () => {
    expect(minuteOfAudio(null, null, 50_000_000)).toBe(960_000);
    expect(minuteOfAudio(null, null, 300_000)).toBe(300_000);
  });
});

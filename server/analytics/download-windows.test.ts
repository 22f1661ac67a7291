import { describe, expect, it } from "vitest";
import { applyRequests, minuteOfAudio, type AudioRequest, type DownloadWindow } from "./download-windows.ts";

const MINUTE = 1_000_000;
const at = (hours: number) => new Date(Date.UTC(2026, 10, 20, 8) + hours * 3_600_000);
const request = (hours: number, bytes: number, over: Partial<AudioRequest> = {}): AudioRequest => ({
  at: at(hours),
  episodeId: 1,
  clients: ["client-today", "client-yesterday"],
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

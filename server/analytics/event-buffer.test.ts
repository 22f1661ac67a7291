import { describe, expect, it } from "vitest";
import { AGENTS_PER_NETWORK } from "./audience-limits.ts";
import { EventBuffer } from "./event-buffer.ts";

interface Event {
  client: string;
  rest: boolean;
  n: number;
}
const LIMITS = { entries: 50_000, bytes: 1024 * 1024, entriesPerNetwork: 100 };

function fill(buffer: EventBuffer<Event>, network: string, client: string, detail = "episode.mp3") {
  buffer.add(
    network,
    client,
    detail,
    (rest) => ({ client, rest, n: 1 }),
    (held) => (held.n += 1),
  );
}

// Issue 38, point 2: with 8 KB user agents, 50,000 entries took a server from 158 MB to 1 GB.
describe("the audience buffer", () => {
  it("holds entries up to its byte cap, then drops and counts the rest", () => {
    const buffer = new EventBuffer<Event>(LIMITS);
    const ua = "x".repeat(8 * 1024);
    for (let i = 0; i < 1_000; i++) fill(buffer, `10.0.${i >> 8}.${i & 255}`, `10.0.${i >> 8}.${i & 255}\n${ua}${i}`);
    expect(buffer.bytes).toBeLessThanOrEqual(LIMITS.bytes);
    // Each entry is estimated at twice its key's 8 KB and more: about 60 fit in a megabyte.
    expect(buffer.size).toBeGreaterThan(40);
    expect(buffer.size).toBeLessThan(70);
    expect(buffer.dropped).toBe(1_000 - buffer.size);
    const taken = buffer.take();
    expect(taken).toMatchObject({ bytes: expect.any(Number), dropped: 1_000 - taken.events.length });
    expect(buffer.size).toBe(0);
    expect(buffer.bytes).toBe(0);
  });

  it(`folds a network's user agents past the first ${AGENTS_PER_NETWORK} into one entry, its rest`, () => {
    const buffer = new EventBuffer<Event>(LIMITS);
    for (let i = 0; i < 100_000; i++) fill(buffer, "203.0.113.7", `203.0.113.7\nAgent/${i}`);
    expect(buffer.size).toBe(AGENTS_PER_NETWORK + 1);
    const { events } = buffer.take();
    expect(events.filter((e) => e.rest)).toEqual([
      { client: `203.0.113.7\nAgent/${AGENTS_PER_NETWORK}`, rest: true, n: 100_000 - AGENTS_PER_NETWORK },
    ]);
    // A client among the first keeps its own entry.
    expect(events.find((e) => e.client === "203.0.113.7\nAgent/3")).toEqual({
      client: "203.0.113.7\nAgent/3",
      rest: false,
      n: 1,
    });
  });

  it("gives one network at most its share of entries, and other networks their room", () => {
    const buffer = new EventBuffer<Event>(LIMITS);
    for (let i = 0; i < 1_000; i++) fill(buffer, "203.0.113.7", "203.0.113.7\nOvercast/3.0", `referrer-${i}`);
    fill(buffer, "198.51.100.1", "198.51.100.1\nOvercast/3.0");
    expect(buffer.size).toBe(LIMITS.entriesPerNetwork + 1);
    expect(buffer.dropped).toBe(1_000 - LIMITS.entriesPerNetwork);
  });

  it("puts a failed batch back in front of what came since, within its limits", () => {
    const buffer = new EventBuffer<Event>({ ...LIMITS, entries: 5 });
    for (let i = 0; i < 3; i++) fill(buffer, `10.0.0.${i}`, `10.0.0.${i}\nA`);
    const { events } = buffer.take();
    for (let i = 3; i < 6; i++) fill(buffer, `10.0.0.${i}`, `10.0.0.${i}\nA`);
    buffer.putBack(events, (e) => e.client.length);
    const { events: held, dropped } = buffer.take();
    expect(held.map((e) => e.client)).toEqual([
      "10.0.0.0\nA",
      "10.0.0.1\nA",
      "10.0.0.2\nA",
      "10.0.0.3\nA",
      "10.0.0.4\nA",
    ]);
    expect(dropped).toBe(1);
  });
});

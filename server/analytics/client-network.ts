import { isIPv6 } from "node:net";

/**
 * The network a client address belongs to, for the per-network limits: an IPv4
 * address itself; for IPv6 its /64, which an ISP gives one subscriber whole (so
 * rotating through it is one network). An IPv4-mapped IPv6 address is its IPv4
 * address; anything else (a CDN log's host name) is itself.
 */
export function networkOf(address: string): string {
  if (!isIPv6(address)) return address;
  const plain = address.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  const [head = "", tail] = plain.split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  // A dotted IPv4 tail holds two groups.
  const tailGroups = after.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - before.length - tailGroups).fill("0");
  const first = [...before, ...zeros, ...after].slice(0, 4);
  return `${first.map((g) => (g.includes(".") ? g : Number.parseInt(g, 16).toString(16))).join(":")}::/64`;
}

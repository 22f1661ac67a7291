import { describe, expect, it } from "vitest";
import { networkOf } from "./client-network.ts";

describe("the network of a client address", () => {
  it("is an IPv4 address itself, also when it comes mapped into IPv6", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.7");
    expect(networkOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    const network = "2001:db8:aa:1::/64";
    for (const address of [
      "2001:db8:aa:1::1",
      "2001:0db8:00aa:0001:ffff:ffff:ffff:fffe",
      "2001:DB8:AA:1:0:0:0:7",
      "2001:db8:aa:1::7%eth0",
      "2001:db8:aa:1:1::1.2.3.4",
    ])
      expect(networkOf(address), address).toBe(network);
    expect(networkOf("2001:db8:aa:2::1")).toBe("2001:db8:aa:2::/64");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
  });

  it("leaves anything else as it is (a log's host name)", () => {
    expect(networkOf("cdn-edge.example.net")).toBe("cdn-edge.example.net");
  });
});

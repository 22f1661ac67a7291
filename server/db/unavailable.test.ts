import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

describe("a database failure that means 'unavailable'", () => {
  it("is a lost or refused connection, PostgreSQL shutting down, or out of connections", () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("sorry, too many clients already"), { code: "53300" }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(
        new Error("query failed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) }),
      ),
    ).toBe(true);
  });

  it("is not a wrong query or a bug", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('relation "nope" does not exist'), { code: "42P01" }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

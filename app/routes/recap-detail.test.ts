import { describe, expect, it } from "vitest";
import { loader } from "./recap-detail";

describe("the recap detail loader", () => {
  it('raises "No ID provided" when reached without an id', async () => {
    const args = { params: {}, context: {}, request: new Request("http://x.test/recap/") } as unknown as Parameters<
      typeof loader
    >[0];
    await expect(loader(args)).rejects.toThrow("No ID provided");
  });
});

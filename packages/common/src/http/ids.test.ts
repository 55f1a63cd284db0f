import { describe, expect, it } from "vitest";
import { isUuid } from "./ids.js";

describe("isUuid", () => {
  it("takes a UUID of any version, in either case", () => {
    expect(isUuid("0b9d6a6e-4c1f-4a8e-9d55-2f1f3c0e7a10")).toBe(true);
    expect(isUuid("018F3A2B-7C4D-7E5F-8A9B-0C1D2E3F4A5B")).toBe(true);
  });

  it("refuses slugs, fragments and a UUID with anything around it", () => {
    for (const text of [
      "my-callout",
      "",
      "0b9d6a6e-4c1f-4a8e-9d55-2f1f3c0e7a1",
      " 0b9d6a6e-4c1f-4a8e-9d55-2f1f3c0e7a10",
      "0b9d6a6e-4c1f-4a8e-9d55-2f1f3c0e7a10\n",
    ]) {
      expect(isUuid(text), JSON.stringify(text)).toBe(false);
    }
  });
});

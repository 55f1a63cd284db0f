import { describe, expect, it } from "vitest";
import "./zod-jitless";

describe("zod without compiled parsers", () => {
  it("is what zod reads, so no page asks the browser for new Function", async () => {
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    // Parsing still works, unknown keys still dropped.
    expect(z.object({ a: z.string() }).parse({ a: "x", b: 1 })).toEqual({ a: "x" });
  });
});

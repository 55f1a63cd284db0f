import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFilterDate } from "../filters/dates.js";
import { MAX_INPUT_DEPTH, findUnsafeInput, unsafeTextProblem } from "./input.js";

describe("findUnsafeInput", () => {
  it("names the first text with a NUL or a lone surrogate, keys included", () => {
    expect(unsafeTextProblem("a\u0000b")).toBe("nul");
    expect(unsafeTextProblem("\ud800")).toBe("surrogate");
    expect(unsafeTextProblem("\udc00x")).toBe("surrogate");
    expect(unsafeTextProblem("🦊 fine")).toBeNull();
    expect(findUnsafeInput({ a: "ok", b: [1, { c: "x\u0000" }], d: "\ud800" })).toEqual({
      path: ["b", 1, "c"],
      problem: "nul",
    });
    expect(findUnsafeInput({ ok: { "k\ud800": 1 } })).toEqual({ path: ["ok", "k\ud800"], problem: "surrogate" });
    expect(findUnsafeInput(new Uint8Array([0]))).toBeNull();
  });

  it("stops at the depth limit without recursing, however deep the value", () => {
    let deep: unknown = "bottom";
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findUnsafeInput(deep)?.problem).toBe("depth");
    expect(findUnsafeInput(deep)?.path).toHaveLength(MAX_INPUT_DEPTH);
    let fits: unknown = 1;
    for (let level = 1; level < MAX_INPUT_DEPTH; level++) fits = { a: fits };
    expect(findUnsafeInput(fits)).toBeNull();
  });

  it("accepts any well-formed JSON text", () => {
    fc.assert(
      fc.property(fc.json({ depthSize: "small" }), (text) => {
        const value: unknown = JSON.parse(text.replaceAll("\\u0000", ""));
        const found = findUnsafeInput(value);
        expect(found === null || found.problem !== "nul").toBe(true);
      }),
    );
  });
});

describe("filter dates out of range", () => {
  const now = new Date("2026-05-17T14:35:22Z");
  it("are not dates, and early years are not read as 19xx", () => {
    expect(parseFilterDate("$now(y:-999999)", now)).toBeNull();
    expect(parseFilterDate("$now(y:8000)", now)).toBeNull();
    expect(parseFilterDate("0000", now)).toBeNull();
    expect(parseFilterDate("0050-03", now)?.date.toISOString()).toBe("0050-03-01T00:00:00.000Z");
    expect(parseFilterDate("$now(y:-2000)", now)?.date.toISOString()).toBe("0026-01-01T00:00:00.000Z");
  });
});

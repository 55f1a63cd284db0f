import { describe, expect, it } from "vitest";
import { layoutNames } from "../router/route-meta";
import { resolveLayout } from "./resolve-layout";

describe("resolveLayout", () => {
  it.each(layoutNames)("resolves %s to a component", (name) => {
    expect(typeof resolveLayout(name)).toBe("function");
  });

  it("throws for a name without a layout", () => {
    expect(() => resolveLayout("sidebar")).toThrow("Unknown layout: sidebar");
    expect(() => resolveLayout("toString")).toThrow("Unknown layout");
  });
});

import { describe, expect, it } from "vitest";
import { loginPath, safeNextPath } from "./next-path";

describe("safeNextPath", () => {
  // The rule itself, with every form it refuses, is tested with `sitePath` in packages/common.
  it("keeps a path on the site and drops anything that leads elsewhere", () => {
    expect(safeNextPath("/profile?tab=account")).toBe("/profile?tab=account");
    expect(safeNextPath(null)).toBeUndefined();
    expect(safeNextPath("https://evil.example")).toBeUndefined();
    expect(safeNextPath("/\\evil.example")).toBeUndefined();
    expect(safeNextPath("/%2F%2Fevil.example")).toBeUndefined();
  });
});

describe("loginPath", () => {
  it("remembers the attempted page", () => {
    expect(loginPath("/admin?x=1")).toBe("/auth/login?next=%2Fadmin%3Fx%3D1");
  });

  it("leaves out next for the home page", () => {
    expect(loginPath("/")).toBe("/auth/login");
  });
});

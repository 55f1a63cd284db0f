import { describe, expect, it } from "vitest";
import { loginPath, safeNextPath } from "./next-path";

describe("safeNextPath", () => {
  it.each(["/", "/admin", "/profile?tab=account", "/callouts/abc#respond"])("keeps %s", (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    null,
    undefined,
    "",
    "admin",
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/ /evil",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/..//evil.example",
    "javascript:alert(1)",
  ])("refuses %s", (path) => {
    expect(safeNextPath(path)).toBeUndefined();
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

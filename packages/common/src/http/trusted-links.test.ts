import { describe, expect, it } from "vitest";
import { isLinkOnOrigins, originOf, sitePath } from "./trusted-links.js";

describe("sitePath", () => {
  it.each([
    "/",
    "/admin",
    "/profile?tab=account",
    "/callouts/abc#respond",
    "/join/setup?x=a%20b",
    "/callouts/%C3%A9t%C3%A9",
  ])("keeps %s", (path) => {
    expect(sitePath(path)).toBe(path);
  });

  it.each([
    null,
    undefined,
    "",
    "admin",
    "https://evil.example",
    "HTTPS://evil.example",
    "javascript:alert(1)",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/ /evil.example",
    "/\u3000/evil.example",
    "/%2F%2Fevil.example",
    "/%2fevil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "/%252F/evil.example",
    "/..//evil.example",
    "/./%2e%2e//evil.example",
    "/broken%escape",
  ])("refuses %j", (path) => {
    expect(sitePath(path)).toBeUndefined();
  });
});

describe("originOf", () => {
  it("reads the origin as browsers compare them", () => {
    expect(originOf("https://Members.Example.org:443/auth")).toBe("https://members.example.org");
    expect(originOf("http://localhost:3000/")).toBe("http://localhost:3000");
    expect(originOf("mailto:desk@example.org")).toBeNull();
    expect(originOf("not a url")).toBeNull();
  });
});

describe("isLinkOnOrigins", () => {
  const origins = ["https://members.example.org", "https://news.example.org/"];

  it("takes addresses on a listed origin, whatever their path and query", () => {
    expect(isLinkOnOrigins("https://members.example.org/auth/reset-password", origins)).toBe(true);
    expect(isLinkOnOrigins("https://MEMBERS.example.org:443/join/complete?lang=de", origins)).toBe(true);
    expect(isLinkOnOrigins("https://news.example.org/support/thanks", origins)).toBe(true);
  });

  it.each([
    "https://evil.example/steal",
    "http://members.example.org/auth/login",
    "https://members.example.org:8443/auth/login",
    "https://members.example.org.evil.example/",
    "https://members.example.org@evil.example/",
    "https://user:pass@members.example.org/",
    "https://evil.example\\@members.example.org/",
    "https://evil.example/?https://members.example.org/",
    "//members.example.org/auth/login",
    "/auth/login",
    " https://members.example.org/auth/login",
    "https://members.example.org/auth/login\n",
    "javascript://members.example.org/%0aalert(1)",
    "ftp://members.example.org/",
    "",
  ])("refuses %j", (value) => {
    expect(isLinkOnOrigins(value, origins)).toBe(false);
  });

  it("refuses everything when no origin is listed", () => {
    expect(isLinkOnOrigins("https://members.example.org/", [])).toBe(false);
  });
});

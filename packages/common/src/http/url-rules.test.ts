import { describe, expect, it } from "vitest";
import { isEmbeddablePath } from "./embedding.js";
import { isAllowedUrl } from "./url-rules.js";
import { httpUrlSchema, urlSchema } from "./urls.js";
import { englishMessage } from "../validation/index.js";

describe("isAllowedUrl", () => {
  it("takes http(s) addresses, mailto for links and site paths for links and images", () => {
    expect(isAllowedUrl("https://example.org/a?b=c#d", "http")).toBe(true);
    expect(isAllowedUrl("http://localhost:3000/", "http")).toBe(true);
    expect(isAllowedUrl("mailto:desk@example.org", "link")).toBe(true);
    expect(isAllowedUrl("/uploads/1/a.png", "image")).toBe(true);
    expect(isAllowedUrl("/join", "link")).toBe(true);
    expect(isAllowedUrl("mailto:desk@example.org", "http")).toBe(false);
    expect(isAllowedUrl("mailto:desk@example.org", "image")).toBe(false);
    expect(isAllowedUrl("/uploads/1/a.png", "http")).toBe(false);
  });

  it("refuses script, data and protocol-relative addresses however they are written", () => {
    for (const value of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "\u0000javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "data:image/png;base64,AAAA",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "//evil.example/",
      "/\\evil.example/",
      "https://",
      "example.org",
      "",
    ]) {
      for (const kind of ["http", "link", "image"] as const) {
        expect(isAllowedUrl(value, kind), `${kind} ${value}`).toBe(false);
      }
    }
  });
});

describe("urlSchema", () => {
  it("answers with the spec's messages", () => {
    expect(englishMessage(httpUrlSchema.safeParse("javascript:alert(1)").error?.issues[0]?.message ?? "")).toBe(
      "Invalid URL",
    );
    expect(englishMessage(httpUrlSchema.safeParse("").error?.issues[0]?.message ?? "")).toBe("URL is required");
    expect(englishMessage(httpUrlSchema.safeParse(undefined).error?.issues[0]?.message ?? "")).toBe("URL is required");
    expect(urlSchema("http", { allowEmpty: true }).parse(" ")).toBe("");
    expect(urlSchema("image", { allowEmpty: true }).parse(" /uploads/a.png ")).toBe("/uploads/a.png");
  });
});

describe("isEmbeddablePath", () => {
  it("lets the public callout and join pages and the test checkout be framed, nothing else", () => {
    for (const path of [
      "/callouts/my-story",
      "/callouts/my-story/",
      "/callouts/my-story/respond?lang=de",
      "/callouts/my-story/thanks",
      "/callouts/my-story/gallery",
      "/callouts/my-story/map",
      "/join",
      "/join/complete?setup_intent=x",
      "/test-checkout/0b5c8f1e-9a7f-4a53-9f36-4a3b9d2f6c1a",
    ]) {
      expect(isEmbeddablePath(path), path).toBe(true);
    }
    for (const path of [
      "/",
      "/callouts",
      "/admin/callouts/edit/x",
      "/callouts/x/respond/extra",
      "/callouts/..%2Fadmin/respond",
      "/callouts/a%2Fb",
      "/auth/login",
      "/profile",
      "/join/setup",
      "/api/1.0/callout/x",
      "/upload",
    ]) {
      expect(isEmbeddablePath(path), path).toBe(false);
    }
  });
});

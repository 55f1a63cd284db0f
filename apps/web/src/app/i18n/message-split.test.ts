import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import { isDeferredNamespace, needsAllMessages } from "./message-split";

describe("deferred English messages", () => {
  it("defer the admin area's and the rarely-first pages' namespaces only", () => {
    const deferred = Object.keys(en).filter(isDeferredNamespace).sort();
    expect(deferred).toContain("adminCallouts");
    expect(deferred).toEqual(expect.arrayContaining(["join", "contribution", "resets", "setup"]));
    for (const shared of ["common", "nav", "auth", "errors", "validation", "callouts", "pageTitles"]) {
      expect(isDeferredNamespace(shared)).toBe(false);
    }
  });

  it("are loaded for the pages that use them", () => {
    for (const path of [
      "/admin",
      "/admin/callouts",
      "/setup",
      "/join",
      "/join/confirm-email/x",
      "/profile/contribution/cancel",
      "/auth/forgot-password",
      "/auth/reset-password/abc",
      "/auth/set-password/abc",
      "/auth/lost-device",
      "/auth/reset-device/abc",
    ]) {
      expect(needsAllMessages(path), path).toBe(true);
    }
    for (const path of ["/", "/auth/login", "/profile", "/callouts/x/respond", "/administrator", "/joining"]) {
      expect(needsAllMessages(path), path).toBe(false);
    }
  });
});

import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import {
  bundledMessages,
  deferredMessagesFor,
  deferredPublicMessages,
  isDeferredNamespace,
  needsAllMessages,
} from "./message-split";

describe("deferred English messages", () => {
  it("defer the admin area's and the rarely-first pages' namespaces only", () => {
    const deferred = Object.keys(en).filter(isDeferredNamespace).sort();
    expect(deferred).toContain("adminCallouts");
    expect(deferred).toEqual(expect.arrayContaining(["join", "contribution", "resets", "setup"]));
    for (const shared of ["common", "nav", "auth", "errors", "validation", "callouts", "pageTitles"]) {
      expect(isDeferredNamespace(shared)).toBe(false);
    }
  });

  it("leave out the admin page titles and the guest's confirmation texts, not their neighbours", () => {
    const bundled = bundledMessages(en) as typeof en;
    expect(Object.keys(bundled.pageTitles).filter((key) => key.startsWith("admin"))).toEqual([]);
    expect(bundled.pageTitles.calloutRespond).toBe(en.pageTitles.calloutRespond);
    expect(bundled.callouts).not.toHaveProperty("confirmResponse");
    expect(bundled.callouts.respond).toEqual(en.callouts.respond);
    expect(needsAllMessages("/confirm-response/abc")).toBe(true);
  });

  it("are loaded for the pages that use them", () => {
    for (const path of [
      "/admin",
      "/admin/callouts",
      "/setup",
      "/_theme",
      "/join",
      "/join/confirm-email/x",
      "/profile/contribution/cancel",
      "/profile/account",
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

  it("send pages outside the admin area only the deferred texts they use", () => {
    const deferred = deferredPublicMessages(en) as Partial<typeof en>;
    expect(Object.keys(deferred).filter((namespace) => namespace.startsWith("admin"))).toEqual([]);
    expect(deferred).not.toHaveProperty("themePage");
    expect(deferred.join).toEqual(en.join);
    expect(deferred.calloutMap).toEqual(en.calloutMap);
    expect(deferred.pageTitles).toHaveProperty("joinConfirmEmail", en.pageTitles.joinConfirmEmail);
    expect(deferred.pageTitles).not.toHaveProperty("calloutRespond");
    expect(deferred.callouts).toEqual({ confirmResponse: en.callouts.confirmResponse });
    expect(deferred).not.toHaveProperty("common");
    for (const path of ["/join", "/auth/forgot-password", "/confirm-response/x", "/callouts/x/map", "/setup"]) {
      expect(deferredMessagesFor(path), path).toBe("public");
    }
    for (const path of ["/admin", "/admin/callouts", "/_theme", "/profile/account", "/profile/contribution/cancel"]) {
      expect(deferredMessagesFor(path), path).toBe("all");
    }
    for (const path of ["/", "/auth/login", "/profile", "/callouts/x/respond"]) {
      expect(deferredMessagesFor(path), path).toBe(false);
    }
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { appUrl } from "../../api/contribution";
import { createLocalePicker, isAdminPath } from "./locale-choice";
import { forgetForcedLocale } from "./page-locale";

const url = (path: string) => new URL(path, "http://localhost");

describe("locale choice", () => {
  beforeEach(() => forgetForcedLocale());

  it("recognises admin paths", () => {
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/contacts")).toBe(true);
    expect(isAdminPath("/administrator")).toBe(false);
  });

  it("uses the organisation's locale, with its admin variant in the admin area", () => {
    const pick = createLocalePicker();
    expect(pick(url("/profile"), "de@easy")).toBe("de@easy");
    expect(pick(url("/admin"), "de@easy")).toBe("de");
    expect(pick(url("/admin"), "pt")).toBe("en");
    expect(pick(url("/profile"), "xx")).toBe("en");
  });

  it("lets ?lang= force a language for the rest of the visit", () => {
    const pick = createLocalePicker();
    expect(pick(url("/auth/login?lang=nl"), "de")).toBe("nl");
    expect(pick(url("/profile"), "de")).toBe("nl");
    expect(pick(url("/profile?lang=nope"), "de")).toBe("nl");
    expect(pick(url("/profile?lang=it"), "de")).toBe("it");
    expect(pick(url("/admin"), "de")).toBe("en");
  });

  it("keeps a forced language through a reload and a payment provider's pages", () => {
    createLocalePicker()(url("/join?lang=de"), "en");
    // A new page load starts a new picker: the language is remembered for the tab.
    const afterReturn = createLocalePicker();
    expect(afterReturn(url("/join/complete?redirect_flow_id=1"), "en")).toBe("de");
    expect(afterReturn(url("/join/confirm-email"), "en")).toBe("de");
  });

  it("puts a forced language on the addresses a provider or an email sends the browser back to", () => {
    expect(appUrl("/join/complete")).toBe(`${window.location.origin}/join/complete`);
    createLocalePicker()(url("/join?lang=it"), "en");
    expect(appUrl("/join/complete")).toBe(`${window.location.origin}/join/complete?lang=it`);
  });
});

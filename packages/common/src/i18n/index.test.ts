import { describe, expect, it } from "vitest";
import { chooseLocale, locales } from "./index.js";

describe("chooseLocale", () => {
  it("prefers the lang query, then the organisation's locale, then English", () => {
    expect(chooseLocale({ queryLang: "de", organisationLocale: "nl", isAdminPath: false })).toBe("de");
    expect(chooseLocale({ queryLang: "xx", organisationLocale: "nl", isAdminPath: false })).toBe("nl");
    expect(chooseLocale({ queryLang: null, organisationLocale: "klingon", isAdminPath: false })).toBe("en");
  });

  it("uses English in the admin area for pt, it and ru", () => {
    for (const locale of ["pt", "it", "ru"] as const) {
      expect(chooseLocale({ queryLang: locale, organisationLocale: null, isAdminPath: true })).toBe("en");
      expect(chooseLocale({ queryLang: locale, organisationLocale: null, isAdminPath: false })).toBe(locale);
    }
    expect(chooseLocale({ queryLang: "de@informal", organisationLocale: null, isAdminPath: true })).toBe("de@informal");
  });

  it("knows all eight locales", () => {
    expect(locales).toEqual(["en", "de", "de@informal", "de@easy", "nl", "pt", "it", "ru"]);
  });
});

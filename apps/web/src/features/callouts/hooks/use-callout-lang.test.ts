import { describe, expect, it } from "vitest";
import { calloutLocales, calloutTextLocale } from "./use-callout-lang";

describe("a callout's languages", () => {
  it("are the page's when the callout has texts in it, else the organisation's", () => {
    const callout = { variantNames: ["default", "nl"] };
    expect(calloutTextLocale(callout, "nl", "de")).toBe("nl");
    expect(calloutTextLocale(callout, "pt", "de")).toBe("de");
    expect(calloutTextLocale({}, "en", "it")).toBe("it");
  });

  it("offer its variants, its default texts' language and the current one, in the site's order", () => {
    expect(calloutLocales({ variantNames: ["default", "ru", "nl"] }, "de", "de")).toEqual(["de", "nl", "ru"]);
    expect(calloutLocales({ variantNames: ["default"] }, "en", "pt")).toEqual(["en", "pt"]);
    expect(calloutLocales({ variantNames: ["default"] }, "en", "en")).toEqual(["en"]);
  });
});

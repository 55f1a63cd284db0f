import { describe, expect, it } from "vitest";
import { defaultThemeColors } from "@cohort/common/content";
import { colorContrast, FOCUS_COLOR, readableTextColor, themeVariables } from "./theme-variables";

describe("themeVariables", () => {
  it("uses the default colours and Open Sans when nothing is set", () => {
    const variables = themeVariables({});
    expect(variables["--cohort-primary"]).toBe(defaultThemeColors.primary);
    expect(variables["--cohort-danger"]).toBe(defaultThemeColors.danger);
    expect(variables["--cohort-font-body"]).toBe('"Open Sans", sans-serif');
  });

  it("lays the organisation's colours and fonts over the defaults", () => {
    const variables = themeVariables({ colors: { primary: "#ffe066" }, fonts: { title: "roboto-slab" } });
    expect(variables["--cohort-primary"]).toBe("#ffe066");
    expect(variables["--cohort-link"]).toBe(defaultThemeColors.link);
    expect(variables["--cohort-on-primary"]).toBe(defaultThemeColors.black);
    expect(variables["--cohort-font-title"]).toBe('"Roboto Slab", "Open Sans", sans-serif');
  });

  it("falls back from the fonts without a web font to installed look-alikes, then Open Sans", () => {
    const variables = themeVariables({ fonts: { title: "helvetica-neue-lt", body: "queue" } });
    expect(variables["--cohort-font-title"]).toBe('"Helvetica Neue", "Helvetica", "Arial", "Open Sans", sans-serif');
    expect(variables["--cohort-font-body"]).toBe('"Queue", "Open Sans", sans-serif');
  });
});

describe("the focus ring's colour", () => {
  it("is its own, not the theme's red link colour, and stands out from the page and the sidebar", () => {
    const variables = themeVariables({ colors: { link: "#d0021b" } });
    const focus = variables["--cohort-focus"]!;
    expect(focus).toBe(FOCUS_COLOR);
    expect(focus).not.toBe(variables["--cohort-link"]);
    // The page (white, and the canvas's near-white) and the sidebar, where the ring is drawn in on-primary.
    expect(colorContrast(focus, defaultThemeColors.white)).toBeGreaterThanOrEqual(3);
    expect(colorContrast(focus, "#f8f9fb")).toBeGreaterThanOrEqual(3);
    expect(colorContrast(variables["--cohort-on-primary"]!, defaultThemeColors.primary)).toBeGreaterThanOrEqual(3);
  });

  it("turns white on a page background too dark for the blue", () => {
    expect(themeVariables({ colors: { white: "#3a3a6a" } })["--cohort-focus"]).toBe("#ffffff");
  });
});

describe("readableTextColor", () => {
  it("picks white on dark colours and black on light ones", () => {
    expect(readableTextColor("#262453", "#ffffff", "#1a1a1a")).toBe("#ffffff");
    expect(readableTextColor("#f5c518", "#ffffff", "#1a1a1a")).toBe("#1a1a1a");
  });
});

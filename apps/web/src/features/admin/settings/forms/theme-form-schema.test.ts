import { describe, expect, it } from "vitest";
import { defaultThemeColors } from "@cohort/common/content";
import { contrastProblems, contrastRatio, themeFormValues, themePayload } from "./theme-form-schema";

const defaults = themeFormValues({}).colors;

describe("the theme's contrast check", () => {
  it("measures WCAG contrast", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 1);
  });

  it("finds nothing wrong with the standard theme", () => {
    expect(contrastProblems(defaults)).toEqual([]);
  });

  it("names the colours whose text would fail AA", () => {
    expect(contrastProblems({ ...defaults, body: "#999999", link: "#ffee00", primary: "#808080" })).toEqual([
      "primary",
      "link",
      "body",
    ]);
  });

  it("keeps the stored white and black when saving the edited colours", () => {
    const stored = { colors: { white: "#fafafa" } };
    expect(themePayload(themeFormValues(stored), stored).colors).toMatchObject({
      white: "#fafafa",
      primary: defaultThemeColors.primary,
    });
  });
});

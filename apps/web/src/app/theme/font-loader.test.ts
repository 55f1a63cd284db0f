import { fonts } from "@cohort/common/content";
import { describe, expect, it } from "vitest";
import { hasFontPackage, loadFonts, systemOnlyFonts } from "./font-loader";

describe("font loading", () => {
  it("has a self-hosted package for every font of the list except the system-only ones", () => {
    const missing = fonts.filter((font) => font !== "open-sans" && !hasFontPackage(font));
    expect(missing).toEqual([...systemOnlyFonts]);
  });

  it("loads the chosen fonts and skips those without a package", async () => {
    await expect(loadFonts(["roboto-slab", "roboto-slab", "queue", undefined])).resolves.toBeUndefined();
  });
});

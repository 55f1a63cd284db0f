import { describe, expect, it } from "vitest";
import { currencySymbol, updateGeneralContentSchema } from "./index.js";

describe("general content", () => {
  it("derives currency symbols", () => {
    expect(currencySymbol("GBP")).toBe("£");
    expect(currencySymbol("EUR")).toBe("€");
  });
  it("rejects colours that are not #rrggbb and fields an admin may not set", () => {
    expect(updateGeneralContentSchema.safeParse({ theme: { colors: { primary: "blue" } } }).success).toBe(false);
    expect(updateGeneralContentSchema.safeParse({ currencyCode: "USD" }).success).toBe(false);
    expect(updateGeneralContentSchema.safeParse({ theme: { colors: { link: "#00aa00" } } }).success).toBe(true);
  });
});

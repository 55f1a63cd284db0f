import { describe, expect, it } from "vitest";
import { attributionSchema } from "./schemas.js";
import { attributionFromQuery, isAttributionValue, keptAttribution } from "./rules.js";

/** A link's query parameters, as `URLSearchParams` answers them. */
const params = (entries: Record<string, string>) => ({ get: (name: string) => entries[name] ?? null });

describe("attributionFromQuery", () => {
  it("reads the four campaign parameters, trimmed, and leaves out the rest", () => {
    const query = params({
      utm_source: " newsletter ",
      utm_medium: "email",
      utm_campaign: "",
      ref: "ada",
      utm_term: "x",
    });
    expect(attributionFromQuery(query)).toEqual({ utmSource: "newsletter", utmMedium: "email", ref: "ada" });
    expect(attributionFromQuery(params({ answers: "{}" }))).toBeUndefined();
  });

  it("drops what the server would refuse, so a mangled link never stops an answer", () => {
    for (const value of ["x".repeat(101), "a\u0000b", "line\nbreak", "bidi\u202eflip", " "]) {
      expect(isAttributionValue(value.trim())).toBe(false);
      expect(attributionSchema.safeParse({ utmSource: value }).success).toBe(false);
      expect(attributionFromQuery(params({ utm_source: value }))).toBeUndefined();
    }
    expect(attributionSchema.parse({ utmSource: ` ${"é".repeat(100)} ` })).toEqual({ utmSource: "é".repeat(100) });
  });
});

describe("keptAttribution", () => {
  it("keeps the fields that hold a value", () => {
    expect(keptAttribution({ utmSource: "podcast", utmMedium: null, utmCampaign: "", ref: undefined })).toEqual({
      utmSource: "podcast",
    });
    expect(keptAttribution({ utmSource: null, utmMedium: null, utmCampaign: null, ref: null })).toBeUndefined();
  });
});

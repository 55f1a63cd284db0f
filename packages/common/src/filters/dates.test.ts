import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateUnits, parseFilterDate, truncateDate } from "./dates.js";

const now = new Date("2026-05-17T14:35:22.123Z");
const iso = (value: string) => parseFilterDate(value, now)?.date.toISOString();

describe("parseFilterDate", () => {
  it("truncates absolute dates to the precision they are written in", () => {
    expect(parseFilterDate("2024", now)).toEqual({ date: new Date("2024-01-01T00:00:00.000Z"), unit: "y" });
    expect(parseFilterDate("2024-03", now)?.unit).toBe("M");
    expect(iso("2024-03-05")).toBe("2024-03-05T00:00:00.000Z");
    expect(parseFilterDate("2024-03-05T10:30", now)).toEqual({ date: new Date("2024-03-05T10:30:00.000Z"), unit: "m" });
    expect(iso("2024-03-05T10:30:45+02:00")).toBe("2024-03-05T08:30:45.000Z");
    expect(iso("2024-03-05T10:30:45.500Z")).toBe("2024-03-05T10:30:45.000Z");
  });

  it("reads $now with offsets, truncated to the finest unit mentioned", () => {
    expect(iso("$now")).toBe("2026-05-17T00:00:00.000Z");
    expect(iso("$now(d:-7)")).toBe("2026-05-10T00:00:00.000Z");
    expect(iso("$now(M:-1)")).toBe("2026-04-01T00:00:00.000Z");
    expect(iso("$now(y:-1)")).toBe("2025-01-01T00:00:00.000Z");
    expect(iso("$now(M:-1,d:2)")).toBe("2026-04-19T00:00:00.000Z");
    expect(iso("$now(h:-2)")).toBe("2026-05-17T12:00:00.000Z");
    expect(iso("$now(s:30)")).toBe("2026-05-17T14:35:52.000Z");
  });

  it("rejects anything else", () => {
    for (const value of [
      "",
      "yesterday",
      "$now(d:+1)",
      "$now(w:1)",
      "$now( d:1)",
      "2024-13-01",
      "2024-02-30",
      "24-01-01",
    ]) {
      expect(parseFilterDate(value, now), value).toBeNull();
    }
  });

  it("truncation is idempotent and never moves a date forward", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true }),
        fc.constantFrom(...dateUnits),
        (date, unit) => {
          const truncated = truncateDate(date, unit);
          expect(truncated.getTime()).toBeLessThanOrEqual(date.getTime());
          expect(truncateDate(truncated, unit)).toEqual(truncated);
        },
      ),
    );
  });
});

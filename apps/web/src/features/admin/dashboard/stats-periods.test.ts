import { describe, expect, it } from "vitest";
import { periodRange } from "./stats-periods";

describe("dashboard periods", () => {
  const now = new Date("2026-03-15T10:30:00.000Z");

  it.each([
    ["last30Days", "2026-02-14", "2026-03-15"],
    ["thisMonth", "2026-03-01", "2026-03-15"],
    ["lastMonth", "2026-02-01", "2026-02-28"],
    ["thisYear", "2026-01-01", "2026-03-15"],
    ["last12Months", "2025-04-01", "2026-03-15"],
  ] as const)("%s runs from %s to %s, whole days", (period, from, to) => {
    expect(periodRange(period, now)).toEqual({ from, to });
  });

  it("crosses the year back in January", () => {
    expect(periodRange("lastMonth", new Date("2026-01-05T00:00:00.000Z"))).toEqual({
      from: "2025-12-01",
      to: "2025-12-31",
    });
  });
});

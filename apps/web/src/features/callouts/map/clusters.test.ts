import { describe, expect, it } from "vitest";
import { clusterAction, clusterEntries, entryPosition, stepEntry } from "./clusters";

describe("clusters", () => {
  it("zoom in while the map can still split them, else open them", () => {
    expect(clusterAction(10, 18)).toBe("zoom");
    expect(clusterAction(17.5, 18)).toBe("zoom");
    expect(clusterAction(18, 18)).toBe("open");
    expect(clusterAction(19, 18)).toBe("open");
  });

  it("page through a cluster's responses lowest number first", () => {
    expect(clusterEntries([12, 3, 7, 3])).toEqual([3, 7, 12]);
    expect(entryPosition([3, 7, 12], 7)).toEqual({ index: 2, total: 3 });
    expect(entryPosition([3, 7, 12], 5)).toBeUndefined();
    expect(stepEntry([3, 7, 12], 12, 1)).toBe(3);
    expect(stepEntry([3, 7, 12], 3, -1)).toBe(12);
    expect(stepEntry([3, 7, 12], 3, 1)).toBe(7);
    expect(stepEntry([3, 7, 12], 4, 1)).toBeUndefined();
  });
});

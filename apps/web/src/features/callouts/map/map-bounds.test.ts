import { describe, expect, it } from "vitest";
import { usableBounds } from "./map-canvas";

describe("the bounds a map is kept in", () => {
  it("leaves out bounds around the whole world, which MapLibre cannot draw with latitudes of ±90°", () => {
    expect(
      usableBounds([
        [-180, -90],
        [180, 90],
      ]),
    ).toBeUndefined();
  });

  it("keeps a region, its latitudes within the web map's", () => {
    expect(
      usableBounds([
        [13, 52.3],
        [13.8, 52.7],
      ]),
    ).toEqual([
      [13, 52.3],
      [13.8, 52.7],
    ]);
    expect(
      usableBounds([
        [-20, -90],
        [40, 90],
      ]),
    ).toEqual([
      [-20, -85.0511],
      [40, 85.0511],
    ]);
    expect(usableBounds(undefined)).toBeUndefined();
  });
});

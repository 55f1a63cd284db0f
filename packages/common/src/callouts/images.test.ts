import { describe, expect, it } from "vitest";
import { IMAGE_SIZES, sizedImageUrl, snapImageBounds, snapImageSize } from "./images.js";

describe("image sizes", () => {
  it("raise a requested bound to the next size, and cap it at the largest", () => {
    expect([1, 100, 101, 450, 720, 2000, 2400, 99_999].map(snapImageSize)).toEqual([
      100, 100, 200, 600, 800, 2400, 2400, 2400,
    ]);
  });

  it("make both bounds the size of the larger one when both are given", () => {
    expect(snapImageBounds({ width: 720, height: 450 })).toEqual({ width: 800, height: 800 });
    expect(snapImageBounds({ height: 60 })).toEqual({ height: 100 });
    expect(snapImageBounds({})).toEqual({});
  });

  it("give every pair of requests one of a few copies", () => {
    const keys = new Set<string>();
    for (let w = 1; w <= 3000; w += 7) {
      for (let h = 1; h <= 3000; h += 11) keys.add(JSON.stringify(snapImageBounds({ width: w, height: h })));
    }
    expect(keys.size).toBe(IMAGE_SIZES.length);
  });

  it("build addresses of uploads only", () => {
    expect(sizedImageUrl("/uploads/abc/a.png", { width: 720, height: 450 })).toBe("/uploads/abc/a.png?w=800&h=800");
    expect(sizedImageUrl("https://members.example.org/uploads/abc/a.png", { width: 50 })).toBe(
      "https://members.example.org/uploads/abc/a.png?w=100",
    );
    expect(sizedImageUrl("https://elsewhere.example/picture.png", { width: 50 })).toBe(
      "https://elsewhere.example/picture.png",
    );
  });
});

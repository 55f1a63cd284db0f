import { describe, expect, it } from "vitest";
import type { FormSlide } from "./model.js";
import { nextSlideId, slidePath } from "./navigation.js";

const slide = (id: string, next?: string): FormSlide => ({
  id,
  title: id,
  components: [],
  navigation: next ? { nextSlideId: next } : {},
});

describe("a slide whose own next slide does not exist", () => {
  const form = { slides: [slide("a", "gone"), slide("b"), slide("c")] };

  it("has no next slide: it is the last one of the walk", () => {
    expect(nextSlideId(form, form.slides[0]!, {})).toBeNull();
    expect(nextSlideId(form, form.slides[1]!, {})).toBe("c");
    expect(slidePath(form, {})).toEqual(["a"]);
  });
});

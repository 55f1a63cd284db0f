import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decisionComponent, isLastSlide, nextSlideId, slidePath } from "./navigation.js";
import type { CalloutForm, FormComponent, FormSlide, SelectOption } from "./model.js";

function radio(key: string, values: SelectOption[], extra: Partial<FormComponent> = {}): FormComponent {
  return { id: key, key, type: "radio", input: true, values, ...extra };
}

function slide(id: string, components: FormComponent[] = [], next?: string): FormSlide {
  return { id, title: id, components, navigation: next ? { nextSlideId: next } : {} };
}

const route = radio("route", [
  { label: "Short", value: "short", nextSlideId: "s3" },
  { label: "Long", value: "long" },
]);
const form: CalloutForm = { slides: [slide("s1", [route]), slide("s2"), slide("s3"), slide("s4")] };
const first = form.slides[0]!;

describe("decisionComponent", () => {
  it("is the first radio, in flattened order, with an option leading elsewhere", () => {
    const plain = radio("plain", [{ label: "A", value: "a" }]);
    const nested: FormComponent = { id: "p", key: "p", type: "panel", components: [route] };
    const later = radio("later", [{ label: "B", value: "b", nextSlideId: "s2" }]);
    expect(decisionComponent(slide("x", [plain, nested, later]))).toBe(route);
    expect(decisionComponent(slide("x", [plain]))).toBeUndefined();
  });
});

describe("nextSlideId", () => {
  it("follows the chosen option, then the slide's own next slide, then array order", () => {
    expect(nextSlideId(form, first, { route: "short" })).toBe("s3");
    expect(nextSlideId(form, first, { route: "long" })).toBe("s2");
    expect(nextSlideId(form, first, {})).toBe("s2");
    const withNext = slide("s1", [route], "s4");
    expect(nextSlideId(form, withNext, { route: "long" })).toBe("s4");
    expect(nextSlideId(form, withNext, { route: "short" })).toBe("s3");
    expect(nextSlideId(form, form.slides[2]!, {})).toBe("s4");
  });

  it("is null on the last slide", () => {
    expect(nextSlideId(form, form.slides[3]!, {})).toBeNull();
    expect(nextSlideId(form, slide("s4", [route], "s1"), { route: "short" })).toBeNull();
  });

  it("ignores the choice of a decision component hidden by its condition", () => {
    const hiddenRoute = radio("route", route.values!, { conditional: { show: true, when: "gate", eq: "open" } });
    const gated = slide("s1", [hiddenRoute]);
    expect(nextSlideId(form, gated, { gate: "open", route: "short" })).toBe("s3");
    expect(nextSlideId(form, gated, { gate: "shut", route: "short" })).toBe("s2");
  });
});

describe("isLastSlide", () => {
  it("is true only for the last slide in array order", () => {
    expect(isLastSlide(form, "s4")).toBe(true);
    expect(isLastSlide(form, "s1")).toBe(false);
    expect(isLastSlide({ slides: [] }, "s1")).toBe(false);
  });
});

describe("slidePath", () => {
  it("drops the slides a branch skips", () => {
    expect(slidePath(form, { s1: { route: "short" } })).toEqual(["s1", "s3", "s4"]);
    expect(slidePath(form, { s1: { route: "long" } })).toEqual(["s1", "s2", "s3", "s4"]);
    expect(slidePath(form, {})).toEqual(["s1", "s2", "s3", "s4"]);
  });

  it("stops on a loop and on a missing slide", () => {
    const loop: CalloutForm = { slides: [slide("a", [], "b"), slide("b", [], "a"), slide("c")] };
    expect(slidePath(loop, {})).toEqual(["a", "b"]);
    const broken: CalloutForm = { slides: [slide("a", [], "gone"), slide("b")] };
    expect(slidePath(broken, {})).toEqual(["a"]);
    expect(slidePath({ slides: [] }, {})).toEqual([]);
  });

  const ids = ["s0", "s1", "s2", "s3", "s4"];
  const randomForm = fc
    .array(
      fc.record({
        next: fc.option(fc.constantFrom(...ids, "missing"), { nil: undefined }),
        branch: fc.option(fc.constantFrom(...ids, "missing"), { nil: undefined }),
      }),
      { minLength: 1, maxLength: ids.length },
    )
    .map((slides): CalloutForm => ({
      slides: slides.map(({ next, branch }, index) =>
        slide(
          ids[index]!,
          [radio("go", [{ label: "Go", value: "go", ...(branch ? { nextSlideId: branch } : {}) }])],
          next,
        ),
      ),
    }));

  it("walks from the first slide along nextSlideId without repeating a slide", () => {
    fc.assert(
      fc.property(
        randomForm,
        fc.dictionary(fc.constantFrom(...ids), fc.constant({ go: "go" })),
        (randomForm, answers) => {
          const path = slidePath(randomForm, answers);
          const formIds = randomForm.slides.map(({ id }) => id);
          expect(path[0]).toBe(formIds[0]);
          expect(new Set(path).size).toBe(path.length);
          for (const [index, id] of path.entries()) {
            expect(formIds).toContain(id);
            const current = randomForm.slides.find((candidate) => candidate.id === id)!;
            const next = nextSlideId(randomForm, current, answers[id] ?? {});
            if (index + 1 < path.length) expect(next).toBe(path[index + 1]);
            else expect(next === null || !formIds.includes(next) || path.includes(next)).toBe(true);
          }
        },
      ),
    );
  });
});

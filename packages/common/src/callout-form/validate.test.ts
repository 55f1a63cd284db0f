import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { flattenComponents, isInputComponent } from "./model.js";
import type { CalloutForm, ComponentType, FormComponent, FormSlide } from "./model.js";
import { slidePath } from "./navigation.js";
import { answerIssueCodes, issueMessage, validateAnswer, validateCalloutAnswers, validateSlide } from "./validate.js";

const options = { now: new Date("2026-05-17T14:35:22Z") };

function component(key: string, type: ComponentType = "textfield", extra: Partial<FormComponent> = {}): FormComponent {
  const isInput = type !== "content" && type !== "panel" && type !== "well" && type !== "tabs";
  return { id: key, key, type, input: isInput, ...extra };
}

const required = { validate: { required: true } };

function slide(id: string, components: FormComponent[], next?: string): FormSlide {
  return { id, title: id, components, navigation: next ? { nextSlideId: next } : {} };
}

/** Start → (short: end | long: details) → end. */
const form: CalloutForm = {
  slides: [
    slide("start", [
      component("intro", "content", { html: "<p>Hello</p>" }),
      component("route", "radio", {
        ...required,
        values: [
          { label: "Short", value: "short", nextSlideId: "end" },
          { label: "Long", value: "long" },
        ],
      }),
      component("reason", "textarea", {
        conditional: { show: true, when: "route", eq: "long" },
        validate: { maxLength: 5 },
      }),
    ]),
    slide("details", [
      component("group", "panel", {
        components: [component("name", "textfield", required), component("age", "number", { validate: { min: 0 } })],
      }),
    ]),
    slide("end", [component("agree", "checkbox")]),
  ],
};

describe("validateAnswer", () => {
  it("lets a missing optional answer pass and reports a missing required one", () => {
    for (const answer of [undefined, null, "", "   "]) {
      expect(validateAnswer(component("a"), answer, options)).toBeNull();
      expect(validateAnswer(component("a", "textfield", required), answer, options)).toEqual({ code: "required" });
    }
  });

  it("validates every element of a multiple answer", () => {
    const emails = component("a", "email", { multiple: true, ...required });
    expect(validateAnswer(emails, ["a@x.org", "b@y.org"], options)).toBeNull();
    expect(validateAnswer(emails, ["a@x.org", "nope"], options)).toEqual({ code: "email" });
    expect(validateAnswer(emails, ["a@x.org", ""], options)).toBeNull();
    expect(validateAnswer(emails, "a@x.org", options)).toEqual({ code: "invalid" });
  });

  it("treats an empty list as missing, so a required one fails", () => {
    expect(validateAnswer(component("a", "textfield", { multiple: true, ...required }), [], options)).toEqual({
      code: "required",
    });
    expect(validateAnswer(component("a", "textfield", { multiple: true, ...required }), ["", null], options)).toEqual({
      code: "required",
    });
    expect(validateAnswer(component("f", "file", required), [], options)).toEqual({ code: "required" });
    expect(validateAnswer(component("f", "file"), [], options)).toBeNull();
  });

  it("refuses a list where one answer is expected", () => {
    expect(validateAnswer(component("a"), ["x"], options)).toEqual({ code: "invalid" });
  });

  it("refuses any answer to content and nestables", () => {
    expect(validateAnswer(component("c", "content"), undefined, options)).toBeNull();
    expect(validateAnswer(component("c", "content"), "text", options)).toEqual({ code: "unknown" });
    expect(validateAnswer(component("p", "panel"), { a: 1 }, options)).toEqual({ code: "unknown" });
  });
});

describe("validateSlide", () => {
  const start = form.slides[0]!;

  it("reports issues by key and skips components hidden by their condition", () => {
    expect(validateSlide(start, {}, options)).toEqual({ route: { code: "required" } });
    expect(validateSlide(start, { route: "short", reason: "far too long" }, options)).toEqual({});
    expect(validateSlide(start, { route: "long", reason: "far too long" }, options)).toEqual({
      reason: { code: "maxLength", params: { max: 5 } },
    });
    expect(validateSlide(start, { route: "long", intro: "x" }, options)).toEqual({ intro: { code: "unknown" } });
  });

  it("skips the children of a hidden panel", () => {
    const gated = slide("s", [
      component("gate", "checkbox"),
      component("p", "panel", {
        conditional: { show: true, when: "gate", eq: true },
        components: [component("name", "textfield", required)],
      }),
    ]);
    expect(validateSlide(gated, { gate: true }, options)).toEqual({ name: { code: "required" } });
    expect(validateSlide(gated, { gate: false }, options)).toEqual({});
  });
});

describe("validateCalloutAnswers", () => {
  it("accepts answers along the path and drops those of hidden components", () => {
    expect(
      validateCalloutAnswers(form, { start: { route: "short", reason: "hidden text" }, end: {} }, options),
    ).toEqual({
      ok: true,
      answers: { start: { route: "short" }, end: {} },
    });
    const long = { start: { route: "long", reason: "why" }, details: { name: "Ada", age: 36 }, end: { agree: true } };
    expect(validateCalloutAnswers(form, long, options)).toEqual({ ok: true, answers: long });
  });

  it("refuses answers to slides a branch skipped", () => {
    const result = validateCalloutAnswers(form, { start: { route: "short" }, details: { name: "Ada" } }, options);
    expect(result).toEqual({ ok: false, issues: [{ property: "details", issue: { code: "unknown" } }] });
  });

  it("reports a required answer on a visited slide that was left out", () => {
    const result = validateCalloutAnswers(form, { start: { route: "long" } }, options);
    expect(result).toEqual({ ok: false, issues: [{ property: "details.name", issue: { code: "required" } }] });
  });

  it("refuses unknown slides, unknown keys and answers to content", () => {
    const result = validateCalloutAnswers(
      form,
      { start: { route: "short", intro: "x", extra: 1 }, nowhere: {}, end: "yes" },
      options,
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.issues).toEqual([
      { property: "nowhere", issue: { code: "unknown" } },
      { property: "end", issue: { code: "invalid" } },
      { property: "start.intro", issue: { code: "unknown" } },
      { property: "start.extra", issue: { code: "unknown" } },
    ]);
  });

  it("refuses answers that are not an object of slide objects", () => {
    for (const answers of [null, "x", [], 3]) {
      expect(validateCalloutAnswers(form, answers, options)).toEqual({
        ok: false,
        issues: [{ property: "answers", issue: { code: "invalid" } }],
      });
    }
    const polluted: unknown = JSON.parse('{"__proto__": {"route": "short"}, "start": {"route": "short"}}');
    expect(validateCalloutAnswers(form, polluted, options)).toEqual({
      ok: false,
      issues: [{ property: "__proto__", issue: { code: "unknown" } }],
    });
  });

  const plausibleAnswers = fc
    .tuple(
      fc.record(
        {
          start: fc.record(
            { route: fc.constantFrom("short", "long"), reason: fc.string({ maxLength: 8 }) },
            { requiredKeys: ["route"] },
          ),
          details: fc.record({ name: fc.constantFrom("Ada", ""), age: fc.integer({ min: -2, max: 99 }) }),
          end: fc.record({ agree: fc.boolean() }, { requiredKeys: [] }),
        },
        { requiredKeys: ["start"] },
      ),
      fc.array(
        fc.tuple(
          fc.constantFrom("start", "details", "end", "elsewhere", "__proto__"),
          fc.constantFrom("route", "reason", "name", "intro", "group", "other"),
          fc.anything(),
        ),
        { maxLength: 2 },
      ),
    )
    .map(([base, extras]) => {
      const answers: Record<string, Record<string, unknown>> = { ...base };
      for (const [slideId, key, value] of extras) {
        const slideAnswers = Object.hasOwn(answers, slideId) ? answers[slideId]! : {};
        Object.defineProperty(answers, slideId, { value: { ...slideAnswers }, enumerable: true, configurable: true });
        Object.defineProperty(answers[slideId]!, key, { value, enumerable: true, configurable: true });
      }
      return answers;
    });

  it("never throws, and accepts only slides on the path and inputs of their slide", () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(fc.anything(), plausibleAnswers, plausibleAnswers), (candidate) => {
        const result = validateCalloutAnswers(form, candidate, options);
        if (!result.ok) {
          expect(result.issues.length).toBeGreaterThan(0);
          return;
        }
        accepted += 1;
        const path = slidePath(form, result.answers);
        for (const [slideId, slideAnswers] of Object.entries(result.answers)) {
          expect(path).toContain(slideId);
          const formSlide = form.slides.find(({ id }) => id === slideId)!;
          const keys = flattenComponents(formSlide.components)
            .filter(isInputComponent)
            .map(({ key }) => key);
          for (const key of Object.keys(slideAnswers)) expect(keys).toContain(key);
          expect(validateSlide(formSlide, slideAnswers, options)).toEqual({});
        }
      }),
      // A fixed seed: the share of accepted candidates is then the same on every run.
      { numRuns: 300, seed: 20261122 },
    );
    expect(accepted).toBeGreaterThan(10);
  });
});

describe("issueMessage", () => {
  it("uses the spec's wording where there is one", () => {
    expect(issueMessage({ code: "required" })).toBe("This field is required");
    expect(issueMessage({ code: "max", params: { max: 10 } })).toBe("This field must be at most 10");
    expect(issueMessage({ code: "min", params: { min: 1 } })).toBe("This field must be at least 1");
    expect(issueMessage({ code: "maxLength", params: { max: 50 } })).toBe("Maximum length of 50 characters exceeded");
    expect(issueMessage({ code: "email" })).toBe("Invalid email address");
    expect(issueMessage({ code: "url" })).toBe("Invalid URL");
  });

  it("has a text for every code", () => {
    for (const code of answerIssueCodes) {
      const message = issueMessage({ code, params: { min: 1, max: 2 } });
      expect(message.length, code).toBeGreaterThan(0);
      expect(message, code).not.toMatch(/undefined|\{|\}/);
    }
  });
});

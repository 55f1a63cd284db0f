import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isComponentVisible, slideAnswer, visibleComponents } from "./conditional.js";
import { flattenComponents } from "./model.js";
import type { FormComponent, SimpleConditional, SlideAnswers } from "./model.js";

function input(key: string, conditional?: SimpleConditional, extra: Partial<FormComponent> = {}): FormComponent {
  return { id: key, key, type: "textfield", input: true, ...(conditional ? { conditional } : {}), ...extra };
}

function panel(key: string, components: FormComponent[], conditional?: SimpleConditional): FormComponent {
  return { id: key, key, type: "panel", input: false, components, ...(conditional ? { conditional } : {}) };
}

const keys = (components: FormComponent[]) => components.map(({ key }) => key);

describe("isComponentVisible", () => {
  it("shows a component without a condition", () => {
    expect(isComponentVisible(input("a"), {})).toBe(true);
    expect(isComponentVisible(input("a", { show: true, when: "", eq: "x" }), {})).toBe(true);
    expect(isComponentVisible(input("a", { show: false, when: null, eq: "x" }), {})).toBe(true);
  });

  it("shows on a match when show is true, and hides otherwise", () => {
    for (const show of [true, "true"] as const) {
      const component = input("b", { show, when: "a", eq: "yes" });
      expect(isComponentVisible(component, { a: "yes" })).toBe(true);
      expect(isComponentVisible(component, { a: "no" })).toBe(false);
      expect(isComponentVisible(component, {})).toBe(false);
    }
  });

  it("hides on a match when show is false, unset or anything else", () => {
    for (const show of [false, "false", null, undefined] as const) {
      const component = input("b", { show, when: "a", eq: "yes" });
      expect(isComponentVisible(component, { a: "yes" })).toBe(false);
      expect(isComponentVisible(component, { a: "no" })).toBe(true);
      expect(isComponentVisible(component, {})).toBe(true);
    }
  });

  it("compares numbers, checkboxes and multiple answers as text", () => {
    expect(isComponentVisible(input("b", { show: true, when: "a", eq: "5" }), { a: 5 })).toBe(true);
    expect(isComponentVisible(input("b", { show: true, when: "a", eq: 5 }), { a: "5" })).toBe(true);
    expect(isComponentVisible(input("b", { show: true, when: "a", eq: "true" }), { a: true })).toBe(true);
    expect(isComponentVisible(input("b", { show: true, when: "a", eq: true }), { a: true })).toBe(true);
    expect(isComponentVisible(input("b", { show: true, when: "a", eq: "false" }), { a: false })).toBe(true);
    expect(isComponentVisible(input("b", { show: true, when: "a", eq: "true" }), { a: false })).toBe(false);
    expect(isComponentVisible(input("b", { show: true, when: "a", eq: "y" }), { a: ["x", "y"] })).toBe(true);
    expect(isComponentVisible(input("b", { show: true, when: "a", eq: "z" }), { a: ["x", "y"] })).toBe(false);
  });

  it("matches a selectboxes answer when the option named by eq is ticked", () => {
    const component = input("b", { show: true, when: "a", eq: "red" });
    expect(isComponentVisible(component, { a: { red: true, blue: false } })).toBe(true);
    expect(isComponentVisible(component, { a: { red: false, blue: true } })).toBe(false);
    expect(isComponentVisible(component, { a: { blue: true } })).toBe(false);
  });

  it("treats `hidden` as presentational", () => {
    expect(isComponentVisible(input("a", undefined, { hidden: true }), {})).toBe(true);
  });

  it("never reads answers from the prototype", () => {
    expect(slideAnswer({}, "toString")).toBeUndefined();
    expect(isComponentVisible(input("b", { show: false, when: "constructor", eq: "" }), {})).toBe(true);
  });

  it("gives opposite results for show true and show false", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.boolean()), fc.string(), (answer, eq) => {
        const answers: SlideAnswers = { a: answer };
        expect(isComponentVisible(input("b", { show: true, when: "a", eq }), answers)).toBe(
          !isComponentVisible(input("b", { show: false, when: "a", eq }), answers),
        );
        expect(isComponentVisible(input("b", { show: true, when: "a", eq }), answers)).toBe(String(answer) === eq);
      }),
    );
  });
});

describe("visibleComponents", () => {
  it("hides the children of a hidden nestable", () => {
    const components = [
      input("a"),
      panel("p", [input("b"), panel("q", [input("c")])], { show: true, when: "a", eq: "open" }),
      input("d"),
    ];
    expect(keys(visibleComponents(components, { a: "open" }))).toEqual(["a", "p", "b", "q", "c", "d"]);
    expect(keys(visibleComponents(components, { a: "closed" }))).toEqual(["a", "d"]);
  });

  it("opens the panes of tabs", () => {
    const tabs: FormComponent = {
      id: "t",
      key: "t",
      type: "tabs",
      components: [{ key: "one", label: "One", components: [input("x", { show: true, when: "y", eq: "1" })] }],
    };
    expect(keys(visibleComponents([tabs, input("y")], { y: "1" }))).toEqual(["t", "x", "y"]);
    expect(keys(visibleComponents([tabs, input("y")], { y: "2" }))).toEqual(["t", "y"]);
  });

  it("treats the answer of a hidden component as cleared, whatever the order", () => {
    const components = [
      input("c", { show: true, when: "b", eq: "x" }),
      input("b", { show: true, when: "a", eq: "yes" }),
      input("a"),
    ];
    expect(keys(visibleComponents(components, { a: "yes", b: "x" }))).toEqual(["c", "b", "a"]);
    expect(keys(visibleComponents(components, { a: "no", b: "x" }))).toEqual(["a"]);
  });

  it("settles on circular conditions", () => {
    const components = [
      input("a", { show: false, when: "a", eq: "x" }),
      input("b", { show: true, when: "a", eq: "x" }),
    ];
    expect(keys(visibleComponents(components, { a: "x" }))).toEqual([]);
    expect(keys(visibleComponents(components, { a: "y" }))).toEqual(["a"]);
  });

  const tree: fc.Memo<FormComponent> = fc.memo((depth) =>
    fc.oneof(
      { depthSize: "small" },
      fc
        .record({ key: fc.constantFrom("a", "b", "c", "d"), when: fc.constantFrom("", "a", "b", "c") })
        .map(({ key, when }) => input(key, { show: true, when, eq: "1" })),
      fc
        .record({
          when: fc.constantFrom("", "a", "b"),
          children: fc.array(depth > 0 ? tree(depth - 1) : fc.constant(0).map(() => input("a")), { maxLength: 3 }),
        })
        .map(({ when, children }) => panel("p", children, { show: true, when, eq: "1" })),
    ),
  );

  it("keeps the flattened order and never shows what is inside a hidden nestable", () => {
    fc.assert(
      fc.property(
        fc.array(tree(3), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom("a", "b", "c", "d"), fc.constantFrom("1", "2")),
        (components, answers) => {
          const visible = visibleComponents(components, answers);
          const flat = flattenComponents(components);
          const positions = visible.map((component) => flat.indexOf(component));
          expect(positions).toEqual([...positions].sort((x, y) => x - y));
          for (const component of flat) {
            if (component.type === "panel" && !visible.includes(component)) {
              for (const child of flattenComponents(component.components as FormComponent[])) {
                expect(visible).not.toContain(child);
              }
            }
          }
        },
      ),
    );
  });
});

import { describe, expect, it } from "vitest";
import type { FormComponent } from "@cohort/common/callout-form";
import { flattenComponents } from "@cohort/common/callout-form";
import { availableMoves, builderReducer } from "./builder-reducer";
import { field, panel, slide, tabs } from "../../../../test/builder-fixtures";

const ids = (components: readonly FormComponent[]) => components.map((component) => component.id);
const tree = (components: readonly FormComponent[]): unknown =>
  components.map((component) =>
    component.components
      ? {
          [component.id]:
            component.type === "tabs"
              ? (component.components as { components: FormComponent[] }[]).map((pane) => tree(pane.components))
              : tree(component.components as FormComponent[]),
        }
      : component.id,
  );

describe("builderReducer: components", () => {
  const start = [slide("s1", [field("a"), panel("p", [field("b")]), field("c")])];

  it("adds a component to the slide or into a panel or a tab pane", () => {
    let slides = builderReducer(start, {
      type: "addComponent",
      slideId: "s1",
      component: field("d"),
      container: { parentId: null },
    });
    slides = builderReducer(slides, {
      type: "addComponent",
      slideId: "s1",
      component: field("e"),
      container: { parentId: "p" },
    });
    expect(tree(slides[0]!.components)).toEqual(["a", { p: ["b", "e"] }, "c", "d"]);

    const withTabs = [slide("s1", [tabs("t", [[], [field("x")]])])];
    const next = builderReducer(withTabs, {
      type: "addComponent",
      slideId: "s1",
      component: field("y"),
      container: { parentId: "t", pane: 1 },
    });
    expect(tree(next[0]!.components)).toEqual([{ t: [[], ["x", "y"]] }]);
  });

  it("moves a component up and down among its siblings and stops at the ends", () => {
    const down = builderReducer(start, { type: "moveComponent", slideId: "s1", componentId: "a", offset: 1 });
    expect(ids(down[0]!.components)).toEqual(["p", "a", "c"]);
    const top = builderReducer(start, { type: "moveComponent", slideId: "s1", componentId: "a", offset: -1 });
    expect(ids(top[0]!.components)).toEqual(["a", "p", "c"]);
    const inside = builderReducer(start, { type: "moveComponent", slideId: "s1", componentId: "b", offset: 1 });
    expect(tree(inside[0]!.components)).toEqual(["a", { p: ["b"] }, "c"]);
  });

  it("nests a component into the panel above it and takes it out again", () => {
    const nested = builderReducer(start, { type: "nestComponent", slideId: "s1", componentId: "c" });
    expect(tree(nested[0]!.components)).toEqual(["a", { p: ["b", "c"] }]);
    const back = builderReducer(nested, { type: "unnestComponent", slideId: "s1", componentId: "c" });
    expect(tree(back[0]!.components)).toEqual(["a", { p: ["b"] }, "c"]);
    const unnestedFirst = builderReducer(start, { type: "unnestComponent", slideId: "s1", componentId: "b" });
    expect(tree(unnestedFirst[0]!.components)).toEqual(["a", { p: [] }, "b", "c"]);
  });

  it("nests into the last pane of tabs and refuses what makes no sense", () => {
    const slides = [slide("s1", [tabs("t", [[field("x")], []]), field("c")])];
    const nested = builderReducer(slides, { type: "nestComponent", slideId: "s1", componentId: "c" });
    expect(tree(nested[0]!.components)).toEqual([{ t: [["x"], ["c"]] }]);
    // "a" has nothing above it; "p" has a plain field above it.
    expect(builderReducer(start, { type: "nestComponent", slideId: "s1", componentId: "a" })).toEqual(start);
    expect(builderReducer(start, { type: "nestComponent", slideId: "s1", componentId: "p" })).toEqual(start);
  });

  it("says which moves each component has", () => {
    const components = start[0]!.components;
    expect(availableMoves(components, "a")).toEqual({ up: false, down: true, nest: false, unnest: false });
    expect(availableMoves(components, "c")).toEqual({ up: true, down: false, nest: true, unnest: false });
    expect(availableMoves(components, "b")).toEqual({ up: false, down: false, nest: false, unnest: true });
  });

  it("updates and deletes nested components, a panel with all it holds", () => {
    const renamed = builderReducer(start, {
      type: "updateComponent",
      slideId: "s1",
      componentId: "b",
      patch: { label: "Your name" },
    });
    expect(flattenComponents(renamed[0]!.components).find((component) => component.id === "b")?.label).toBe(
      "Your name",
    );
    const withoutPanel = builderReducer(start, { type: "removeComponent", slideId: "s1", componentId: "p" });
    expect(ids(flattenComponents(withoutPanel[0]!.components))).toEqual(["a", "c"]);
    expect(ids(flattenComponents(start[0]!.components))).toEqual(["a", "p", "b", "c"]);
  });
});

describe("builderReducer: slides", () => {
  const branching: FormComponent = {
    ...field("choice", "choice", "radio"),
    values: [
      { label: "Yes", value: "yes", nextSlideId: "s3" },
      { label: "No", value: "no", nextSlideId: "s2" },
    ],
  };
  const start = [slide("s1", [branching]), slide("s2"), slide("s3")];
  start[1]!.navigation.nextSlideId = "s3";

  it("adds a slide after another one, or at the end", () => {
    const after = builderReducer(start, { type: "addSlide", slide: slide("new"), afterId: "s1" });
    expect(after.map((item) => item.id)).toEqual(["s1", "new", "s2", "s3"]);
    const atEnd = builderReducer(start, { type: "addSlide", slide: slide("new") });
    expect(atEnd.map((item) => item.id)).toEqual(["s1", "s2", "s3", "new"]);
  });

  it("moves slides and keeps them in range", () => {
    expect(builderReducer(start, { type: "moveSlide", slideId: "s3", offset: -1 }).map((item) => item.id)).toEqual([
      "s1",
      "s3",
      "s2",
    ]);
    expect(builderReducer(start, { type: "moveSlide", slideId: "s3", offset: 1 }).map((item) => item.id)).toEqual([
      "s1",
      "s2",
      "s3",
    ]);
  });

  it("removes a slide and every link to it, but never the last one", () => {
    const removed = builderReducer(start, { type: "removeSlide", slideId: "s3" });
    expect(removed.map((item) => item.id)).toEqual(["s1", "s2"]);
    expect(removed[1]!.navigation.nextSlideId).toBeNull();
    expect(removed[0]!.components[0]!.values).toEqual([
      { label: "Yes", value: "yes" },
      { label: "No", value: "no", nextSlideId: "s2" },
    ]);
    const single = [slide("only")];
    expect(builderReducer(single, { type: "removeSlide", slideId: "only" })).toBe(single);
  });

  it("changes a slide's title and navigation texts", () => {
    const next = builderReducer(start, {
      type: "updateSlide",
      slideId: "s2",
      patch: { title: "About you", navigation: { nextText: "Continue" } },
    });
    expect(next[1]).toMatchObject({
      title: "About you",
      navigation: { prevText: "Back", nextText: "Continue", submitText: "Send", nextSlideId: "s3" },
    });
  });
});

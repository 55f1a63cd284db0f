import type { FormComponent } from "@cohort/common/callout-form";
import { componentOptions, isNestable } from "@cohort/common/callout-form";
import type { EditorSlide } from "../editor/editor-values";
import type { ContainerRef } from "./component-tree";
import {
  containersOf,
  insertInto,
  isInside,
  locate,
  mapTree,
  removeComponentFrom,
  updateComponentIn,
  updateContainer,
} from "./component-tree";

type SlidePatch = Partial<Pick<EditorSlide, "title">> & { navigation?: Partial<EditorSlide["navigation"]> };

/** Every change the form builder makes to the slides. */
export type BuilderAction =
  | { type: "addSlide"; slide: EditorSlide; afterId?: string }
  | { type: "removeSlide"; slideId: string }
  | { type: "moveSlide"; slideId: string; offset: -1 | 1 }
  | { type: "updateSlide"; slideId: string; patch: SlidePatch }
  | { type: "addComponent"; slideId: string; component: FormComponent; container: ContainerRef }
  | { type: "updateComponent"; slideId: string; componentId: string; patch: Partial<FormComponent> }
  | { type: "removeComponent"; slideId: string; componentId: string }
  | { type: "moveComponent"; slideId: string; componentId: string; offset: -1 | 1 }
  /** Into the nestable just above it (the last pane of tabs). */
  | { type: "nestComponent"; slideId: string; componentId: string }
  /** Out of its nestable, to just below it. */
  | { type: "unnestComponent"; slideId: string; componentId: string };

function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

function mapSlide(slides: EditorSlide[], slideId: string, change: (slide: EditorSlide) => EditorSlide) {
  return slides.map((slide) => (slide.id === slideId ? change(slide) : slide));
}

function withComponents(slides: EditorSlide[], slideId: string, change: (list: FormComponent[]) => FormComponent[]) {
  return mapSlide(slides, slideId, (slide) => ({ ...slide, components: change(slide.components) }));
}

/** Drops links to a slide that no longer exists from option branches. */
function forgetSlide(components: FormComponent[], slideId: string): FormComponent[] {
  return mapTree(components, (component) => {
    const options = componentOptions(component);
    if (!options.some((option) => option.nextSlideId === slideId)) return component;
    const values = options.map((option) => {
      if (option.nextSlideId !== slideId) return option;
      const { nextSlideId: _dropped, ...rest } = option;
      return rest;
    });
    return component.type === "select"
      ? { ...component, data: { ...component.data, values } }
      : { ...component, values };
  });
}

function nest(components: FormComponent[], componentId: string): FormComponent[] {
  const place = locate(components, componentId);
  if (!place || place.index === 0) return components;
  const siblings = componentsIn(components, place.container);
  const target = siblings[place.index - 1];
  if (!target || !isNestable(target)) return components;
  const inner = containersOf(target);
  const destination = inner[inner.length - 1];
  if (!destination) return components;
  return insertInto(removeComponentFrom(components, componentId), destination.ref, place.component);
}

function unnest(components: FormComponent[], componentId: string): FormComponent[] {
  const place = locate(components, componentId);
  if (!place || place.container.parentId === null) return components;
  const parent = locate(components, place.container.parentId);
  if (!parent) return components;
  return insertInto(removeComponentFrom(components, componentId), parent.container, place.component, parent.index + 1);
}

/** The components of one list in the tree. */
export function componentsIn(components: FormComponent[], container: ContainerRef): FormComponent[] {
  let found: FormComponent[] = [];
  updateContainer(components, container, (list) => {
    found = list;
    return list;
  });
  return found;
}

export function builderReducer(slides: EditorSlide[], action: BuilderAction): EditorSlide[] {
  switch (action.type) {
    case "addSlide": {
      const at = action.afterId ? slides.findIndex((slide) => slide.id === action.afterId) + 1 : slides.length;
      const index = at <= 0 ? slides.length : at;
      return [...slides.slice(0, index), action.slide, ...slides.slice(index)];
    }
    case "removeSlide": {
      if (slides.length <= 1) return slides;
      return slides
        .filter((slide) => slide.id !== action.slideId)
        .map((slide) => ({
          ...slide,
          components: forgetSlide(slide.components, action.slideId),
          navigation:
            slide.navigation.nextSlideId === action.slideId
              ? { ...slide.navigation, nextSlideId: null }
              : slide.navigation,
        }));
    }
    case "moveSlide": {
      const from = slides.findIndex((slide) => slide.id === action.slideId);
      return from === -1 ? slides : move(slides, from, from + action.offset);
    }
    case "updateSlide":
      return mapSlide(slides, action.slideId, (slide) => ({
        ...slide,
        ...(action.patch.title === undefined ? {} : { title: action.patch.title }),
        navigation: { ...slide.navigation, ...action.patch.navigation },
      }));
    case "addComponent":
      return withComponents(slides, action.slideId, (list) => insertInto(list, action.container, action.component));
    case "updateComponent":
      return withComponents(slides, action.slideId, (list) =>
        updateComponentIn(list, action.componentId, (component) => ({ ...component, ...action.patch })),
      );
    case "removeComponent":
      return withComponents(slides, action.slideId, (list) => removeComponentFrom(list, action.componentId));
    case "moveComponent":
      return withComponents(slides, action.slideId, (list) => {
        const place = locate(list, action.componentId);
        if (!place) return list;
        return updateContainer(list, place.container, (siblings) =>
          move(siblings, place.index, place.index + action.offset),
        );
      });
    case "nestComponent":
      return withComponents(slides, action.slideId, (list) => nest(list, action.componentId));
    case "unnestComponent":
      return withComponents(slides, action.slideId, (list) => unnest(list, action.componentId));
  }
}

/** What the tree offers for a component: which moves make sense where it sits now. */
export function availableMoves(components: FormComponent[], componentId: string) {
  const place = locate(components, componentId);
  if (!place) return { up: false, down: false, nest: false, unnest: false };
  const siblings = componentsIn(components, place.container);
  const above = siblings[place.index - 1];
  return {
    up: place.index > 0,
    down: place.index < siblings.length - 1,
    nest: Boolean(above && isNestable(above) && !isInside(components, componentId, above.id)),
    unnest: place.container.parentId !== null,
  };
}

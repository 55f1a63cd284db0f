import type { FormComponent } from "@cohort/common/callout-form";
import { componentOptions, flattenComponents } from "@cohort/common/callout-form";
import { panesOf } from "../builder/component-tree";

/** The texts a respondent reads in one component, in reading order. */
function textsOf(component: FormComponent): string[] {
  return [
    component.label,
    component.description,
    component.placeholder,
    component.type === "content" ? component.html : undefined,
    ...componentOptions(component).map((option) => option.label),
    ...panesOf(component).map((pane) => pane.label),
  ].filter((text): text is string => typeof text === "string" && text.trim() !== "");
}

/**
 * Every text of the form that a translation can replace. Translations are
 * keyed by the default text itself, so each distinct text appears once.
 */
export function componentSources(slides: readonly { components: FormComponent[] }[]): string[] {
  const texts = slides.flatMap((slide) => flattenComponents(slide.components).flatMap(textsOf));
  return [...new Set(texts)];
}

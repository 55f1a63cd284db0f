import type { FormComponent } from "@cohort/common/callout-form";
import type { EditorSlide } from "../features/admin/callouts/editor/editor-values";

/** Small forms for the builder's tests. */
export function field(id: string, key = id, type: FormComponent["type"] = "textfield"): FormComponent {
  return { id, key, type, label: key, input: true };
}

export function panel(id: string, components: FormComponent[] = []): FormComponent {
  return { id, key: id, type: "panel", label: id, input: false, components };
}

export function tabs(id: string, panes: FormComponent[][]): FormComponent {
  return {
    id,
    key: id,
    type: "tabs",
    label: id,
    input: false,
    components: panes.map((components, index) => ({ key: `tab${index + 1}`, label: `Tab ${index + 1}`, components })),
  };
}

export function slide(id: string, components: FormComponent[] = []): EditorSlide {
  return {
    id,
    title: id,
    components,
    navigation: { prevText: "Back", nextText: "Next", submitText: "Send", nextSlideId: null },
  };
}

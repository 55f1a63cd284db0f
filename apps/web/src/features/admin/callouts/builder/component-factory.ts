import type { ComponentType, FormComponent } from "@cohort/common/callout-form";
import { inputComponentTypes } from "@cohort/common/callout-form";
import type { EditorSlide } from "../editor/editor-values";
import { keyFromLabel, uniqueKey } from "./component-keys";

/** The palette: every component type of the form model, in three groups. */
export const paletteGroups = [
  {
    name: "basic",
    types: ["textfield", "textarea", "number", "email", "url", "checkbox", "select", "selectboxes", "radio"],
  },
  {
    name: "advanced",
    types: ["address", "phoneNumber", "currency", "datetime", "time", "signature", "file", "content"],
  },
  { name: "layout", types: ["panel", "well", "tabs"] },
] as const satisfies readonly { name: string; types: readonly ComponentType[] }[];

export type PaletteGroup = (typeof paletteGroups)[number]["name"];

/** Random ids in the Form.io manner: short, lower-case letters and digits. */
export function randomId(prefix = "", length = 7): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return prefix + Array.from(bytes, (byte) => (byte % 36).toString(36)).join("");
}

export function newSlideId(): string {
  return randomId("slide", 6);
}

export function isInputType(type: ComponentType): boolean {
  return (inputComponentTypes as readonly string[]).includes(type);
}

interface NewComponentOptions {
  id: string;
  /** A label in the admin's language, such as "Text field". */
  label: string;
  /** Keys already used in the slide. */
  takenKeys: ReadonlySet<string>;
  /** Default labels of new options and tabs: (n) => "Option n". */
  optionLabel: (n: number) => string;
  paneLabel: (n: number) => string;
  currency: string;
}

/** Extra properties a fresh component of each type starts with. */
function typeDefaults(type: ComponentType, options: NewComponentOptions): Partial<FormComponent> {
  const values = [1, 2].map((n) => ({ label: options.optionLabel(n), value: `option${n}` }));
  switch (type) {
    case "select":
      return { data: { values } };
    case "radio":
    case "selectboxes":
      return { values };
    case "datetime":
      return { widget: { enableTime: true } };
    case "time":
      return { inputMask: "99:99" };
    case "currency":
      return { currency: options.currency };
    case "file":
      return { multiple: false };
    case "content":
      return { html: "" };
    case "panel":
    case "well":
      return { components: [] };
    case "tabs":
      return { components: [{ key: "tab1", label: options.paneLabel(1), components: [] }] };
    default:
      return {};
  }
}

/** A new component of the type, with a key no other component of the slide uses. */
export function createComponent(type: ComponentType, options: NewComponentOptions): FormComponent {
  const isInput = isInputType(type);
  return {
    id: options.id,
    type,
    key: uniqueKey(keyFromLabel(options.label) || type, options.takenKeys),
    label: options.label,
    input: isInput,
    ...(isInput ? { validate: { required: false } } : {}),
    ...typeDefaults(type, options),
  };
}

/** A new, empty slide; its buttons say the default of each reader's language until the admin words them. */
export function createSlide(id: string, title: string): EditorSlide {
  return { id, title, components: [], navigation: { prevText: "", nextText: "", submitText: "", nextSlideId: null } };
}

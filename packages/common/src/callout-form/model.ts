/**
 * The callout form model (spec section 3). The JSON follows the Form.io
 * component model, so forms built elsewhere load here and ours load there.
 * This area has no zod on purpose: the public respond page imports it and
 * must stay light.
 */

export const contentComponentTypes = ["content"] as const;
export const nestableComponentTypes = ["panel", "well", "tabs"] as const;
export const textInputComponentTypes = ["textarea", "textfield"] as const;
export const selectableComponentTypes = ["radio", "selectboxes"] as const;
export const inputComponentTypes = [
  "address",
  "checkbox",
  "currency",
  "datetime",
  "email",
  "file",
  "number",
  "phoneNumber",
  "select",
  "radio",
  "selectboxes",
  "signature",
  "textarea",
  "textfield",
  "time",
  "url",
] as const;
/** Every component type: content, inputs and nestables. */
export const componentTypes = [...contentComponentTypes, ...inputComponentTypes, ...nestableComponentTypes] as const;
export type ComponentType = (typeof componentTypes)[number];
export type InputComponentType = (typeof inputComponentTypes)[number];
export type NestableComponentType = (typeof nestableComponentTypes)[number];

export interface ComponentValidate {
  required?: boolean;
  pattern?: string;
  minLength?: number | string;
  maxLength?: number | string;
  minWords?: number | string;
  maxWords?: number | string;
  min?: number | string;
  max?: number | string;
  integer?: boolean;
  [extra: string]: unknown;
}

export interface SelectOption {
  label: string;
  value: string;
  /** Radio and selectboxes options may send the respondent to another slide. */
  nextSlideId?: string;
}

/** Form.io "simple" conditional: show (or hide) when another answer in the slide equals a value. */
export interface SimpleConditional {
  show?: boolean | "true" | "false" | null;
  when?: string | null;
  eq?: string | number | boolean | null;
  [extra: string]: unknown;
}

export interface DateWidget {
  enableTime?: boolean;
  minDate?: string | null;
  maxDate?: string | null;
  [extra: string]: unknown;
}

/** One pane of a `tabs` component. */
export interface TabPane {
  key: string;
  label: string;
  components: FormComponent[];
}

export interface FormComponent {
  id: string;
  /** Answer key, unique within its slide. */
  key: string;
  type: ComponentType;
  label?: string;
  /** `true` for inputs, `false` for content and nestables. */
  input?: boolean;
  /** "Keep this answer private": kept out of the public map and gallery. */
  adminOnly?: boolean;
  /** The admin marked the answer as one that identifies a person: private unless `showPublicly`. */
  personal?: boolean;
  /** The admin chose to show an answer that identifies a person on the public map and gallery. */
  showPublicly?: boolean;
  validate?: ComponentValidate;
  multiple?: boolean;
  defaultValue?: unknown;
  hidden?: boolean;
  /** The editor expects this answer in the callout's link (`?key=value`); a hidden input may then be filled. */
  fillFromLink?: boolean;
  description?: string;
  placeholder?: string;
  conditional?: SimpleConditional;
  /** Options of radio and selectboxes. */
  values?: SelectOption[];
  /** Options of select. */
  data?: { values?: SelectOption[]; [extra: string]: unknown };
  /** Children of panel and well; panes of tabs. */
  components?: FormComponent[] | TabPane[];
  /** Body of a content component. */
  html?: string;
  widget?: DateWidget;
  /** ISO 4217 code of a currency component. */
  currency?: string;
  /** Unknown Form.io properties are kept as they are. */
  [extra: string]: unknown;
}

export interface SlideNavigation {
  nextSlideId?: string | null;
  prevText?: string;
  nextText?: string;
  submitText?: string;
}

export interface FormSlide {
  id: string;
  /** Internal label for the builder. */
  title: string;
  components: FormComponent[];
  navigation: SlideNavigation;
}

export interface CalloutForm {
  slides: FormSlide[];
  /** Source text to translation, for the respondent's language. */
  componentText?: Record<string, string>;
}

export interface AddressAnswer {
  formatted_address: string;
  geometry: { location: { lat: number; lng: number } };
  features?: unknown[];
}

export interface FileAnswer {
  url: string;
  name?: string;
  size?: number;
  storage?: string;
  [extra: string]: unknown;
}

export type SingleAnswer = string | number | boolean | null | AddressAnswer | FileAnswer | Record<string, boolean>;
export type Answer = SingleAnswer | SingleAnswer[];
/** Answers grouped by slide id, then by component key. */
export type SlideAnswers = Record<string, Answer | undefined>;
export type CalloutAnswers = Record<string, SlideAnswers>;

export function fullKey(slideId: string, key: string): string {
  return `${slideId}.${key}`;
}

export function isNestable(component: FormComponent): boolean {
  return (nestableComponentTypes as readonly string[]).includes(component.type);
}

export function isInputComponent(component: FormComponent): boolean {
  return (inputComponentTypes as readonly string[]).includes(component.type);
}

/** Children of a nestable, with the panes of tabs opened up. */
export function childComponents(component: FormComponent): FormComponent[] {
  const children = component.components ?? [];
  if (component.type !== "tabs") return children as FormComponent[];
  return (children as TabPane[]).flatMap((pane) => pane.components ?? []);
}

/** Depth first: each nestable, then its children. */
export function flattenComponents(components: readonly FormComponent[]): FormComponent[] {
  return components.flatMap((component) =>
    isNestable(component) ? [component, ...flattenComponents(childComponents(component))] : [component],
  );
}

export interface InputComponentRef {
  slide: FormSlide;
  component: FormComponent;
  fullKey: string;
}

/** Every input of the form in order, with its full key `slideId.key`. */
export function inputComponents(form: Pick<CalloutForm, "slides">): InputComponentRef[] {
  return form.slides.flatMap((slide) =>
    flattenComponents(slide.components)
      .filter(isInputComponent)
      .map((component) => ({ slide, component, fullKey: fullKey(slide.id, component.key) })),
  );
}

/** The options of a select, radio or selectboxes component. */
export function componentOptions(component: FormComponent): SelectOption[] {
  if (component.type === "select") return component.data?.values ?? [];
  return component.values ?? [];
}

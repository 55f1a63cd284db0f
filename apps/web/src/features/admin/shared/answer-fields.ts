import type { CalloutForm, FormComponent } from "@cohort/common/callout-form";
import { componentOptions, inputComponents, translateText } from "@cohort/common/callout-form";

/** One input of the form, as the inbox shows and filters it. */
export interface AnswerField {
  /** `slideId.key`, as in `answers.<slideId>.<key>` filters. */
  fullKey: string;
  slideId: string;
  key: string;
  /** The component's label, else its key. */
  label: string;
  component: FormComponent;
}

/** Every input component of the form, in form order. */
export function answerFields(form: CalloutForm | undefined): AnswerField[] {
  if (!form) return [];
  return inputComponents(form).map(({ slide, component, fullKey }) => ({
    fullKey,
    slideId: slide.id,
    key: component.key,
    label: translateText(component.label?.trim() || component.key, form.componentText),
    component,
  }));
}

/** The answer stored for a field, if any. */
export function answerOf(answers: Record<string, Record<string, unknown>> | undefined, field: AnswerField): unknown {
  return answers?.[field.slideId]?.[field.key];
}

/** The label of an option value of a select, radio or selectboxes component. */
export function answerOptionLabel(component: FormComponent, value: string): string {
  return componentOptions(component).find((option) => option.value === value)?.label ?? value;
}

import type { FormComponent } from "@cohort/common/callout-form";
import { slideAnswer } from "@cohort/common/callout-form";
import { describedBy } from "./field-frame";
import type { AnswerUpdate } from "./form-context";
import { useSlideContext } from "./form-context";

/** Everything a control needs about its component, in the respondent's language. */
export function useField(component: FormComponent) {
  const context = useSlideContext();
  const { key } = component;
  const id = context.fieldId(key);
  const error = context.errorFor(key);
  const description = component.description ? context.translate(component.description) : undefined;
  return {
    id,
    value: slideAnswer(context.answers, key),
    label: context.translate(component.label ?? key),
    description,
    placeholder: component.placeholder ? context.translate(component.placeholder) : undefined,
    error,
    // A response being read asks nothing: no required marks, no empty-looking boxes.
    isRequired: component.validate?.required === true && !context.isReadOnly,
    isReadOnly: context.isReadOnly,
    /** The classes of its text control: a box to fill in, or a plain answer when read-only. */
    controlClass: controlClasses(Boolean(error), context.isReadOnly),
    translate: context.translate,
    /** The `lang` of the component's own texts, when it is not the page's. */
    textLang: context.textLang,
    setValue: (value: AnswerUpdate) => context.setAnswer(key, value),
    touch: () => context.touch(key),
    /** Attributes that tie a control to its texts. */
    aria: {
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy(id, description, error),
      "aria-required": component.validate?.required === true && !context.isReadOnly ? true : undefined,
    },
  };
}

export type Field = ReturnType<typeof useField>;

/** Border and focus styles of text controls, red when there is an error; a plain answer when read-only. */
export function controlClasses(hasError: boolean, isReadOnly = false): string {
  if (isReadOnly) {
    return "block w-full resize-none rounded-lg border border-transparent bg-body/5 px-3.5 text-base text-body";
  }
  return [
    "block w-full rounded-lg border bg-white px-3.5 text-base text-body shadow-xs transition-colors",
    "placeholder:text-body/40 focus:outline-none focus-visible:ring-3 disabled:bg-body/5",
    hasError
      ? "border-danger focus-visible:border-danger focus-visible:ring-danger/25"
      : "border-body/25 hover:border-body/40 focus-visible:border-focus focus-visible:ring-focus/25",
  ].join(" ");
}

/** The frame texts of a field, for FieldFrame. */
export function frameProps(field: Field) {
  return {
    controlId: field.id,
    label: field.label,
    description: field.description,
    error: field.error,
    isRequired: field.isRequired,
    textLang: field.textLang,
    descriptionLang: field.textLang,
  };
}

/** A radio button or a check box. */
export const tickBoxClass = "focus-ring mt-0.5 size-5 shrink-0 cursor-pointer accent-primary disabled:cursor-default";

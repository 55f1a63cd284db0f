import type { TFunction } from "i18next";
import type { ComponentType } from "@cohort/common/callout-form";
import { inputComponents } from "@cohort/common/callout-form";
import type { EditorSlide } from "./editor-values";

export interface FieldChoice {
  value: string;
  label: string;
}

/** The form's inputs of the given types as picker choices, by full key `slideId.key`. */
export function fieldChoices(slides: readonly EditorSlide[], types?: readonly ComponentType[]): FieldChoice[] {
  return inputComponents({ slides: [...slides] })
    .filter(({ component }) => !types || types.includes(component.type))
    .map(({ component, slide, fullKey }) => ({
      value: fullKey,
      label: `${component.label || component.key} (${slide.title || slide.id})`,
    }));
}

/** The choices with "none" first, and a saved value that no longer exists kept visible. */
export function withNone(t: TFunction, choices: FieldChoice[], current: string): FieldChoice[] {
  const missing = current && !choices.some((choice) => choice.value === current);
  return [
    { value: "", label: t("adminCallouts.display.noField") },
    ...(missing ? [{ value: current, label: t("adminCallouts.display.missingField", { key: current }) }] : []),
    ...choices,
  ];
}

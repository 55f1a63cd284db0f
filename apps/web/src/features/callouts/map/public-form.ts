import type { CalloutForm, FormComponent, TabPane } from "@cohort/common/callout-form";
import { isInputComponent, isPublicAnswer } from "@cohort/common/callout-form";

function isTabPane(item: FormComponent | TabPane): item is TabPane {
  return !("type" in item);
}

function publicComponents(components: readonly FormComponent[]): FormComponent[] {
  return components.flatMap((component) => {
    if (isInputComponent(component) && !isPublicAnswer(component)) return [];
    if (!component.components) return [component];
    const children = (component.components as (FormComponent | TabPane)[]).flatMap(
      (child): (FormComponent | TabPane)[] =>
        isTabPane(child) ? [{ ...child, components: publicComponents(child.components) }] : publicComponents([child]),
    );
    return [{ ...component, components: children as FormComponent[] | TabPane[] }];
  });
}

/** The form as the public map and gallery show it: without the inputs whose answers are private (decision 053). */
export function publicForm(form: CalloutForm): CalloutForm {
  return {
    ...form,
    slides: form.slides.map((slide) => ({ ...slide, components: publicComponents(slide.components) })),
  };
}

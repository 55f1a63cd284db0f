import type { FormComponent } from "@cohort/common/callout-form";
import { childComponents, isNestable } from "@cohort/common/callout-form";
import type { CalloutVariant, FormSchemaInput } from "@cohort/common/callouts";
import { sanitizeRichText, sanitizeTextOrHtml } from "../../lib/html.js";

/**
 * Form.io properties that hold JavaScript for Form.io's own renderer to run.
 * Cohort never runs them, and other renderers must not get them from Cohort.
 */
const scriptProperties = ["customConditional", "calculateValue", "customDefaultValue", "logic"] as const;

/**
 * One component's texts made safe: content blocks (`html`, and Form.io's
 * `content`), labels and descriptions (which Cohort shows as text and Form.io
 * as HTML) keep plain text as written and lose any markup that could run.
 * Translations are keyed by these texts, so keys go through the same function
 * (see `sanitizeVariant`) and still find them.
 */
function sanitizeTexts(component: FormComponent): FormComponent {
  const clean: FormComponent = { ...component };
  for (const property of scriptProperties) delete clean[property];
  if (clean.validate && "custom" in clean.validate) {
    const { custom: _custom, ...validate } = clean.validate;
    clean.validate = validate;
  }
  if (typeof clean.html === "string") clean.html = sanitizeTextOrHtml(clean.html);
  if (typeof clean.content === "string") clean.content = sanitizeTextOrHtml(clean.content);
  if (typeof clean.label === "string") clean.label = sanitizeTextOrHtml(clean.label);
  if (typeof clean.description === "string") clean.description = sanitizeTextOrHtml(clean.description);
  return clean;
}

function sanitizeComponent(component: FormComponent): FormComponent {
  const clean = sanitizeTexts(component);
  if (!isNestable(clean)) return clean;
  if (clean.type === "tabs") {
    const panes = (clean.components ?? []) as { key: string; label: string; components: FormComponent[] }[];
    return {
      ...clean,
      components: panes.map((pane) => ({
        ...pane,
        label: sanitizeTextOrHtml(pane.label),
        components: pane.components.map(sanitizeComponent),
      })),
    };
  }
  return { ...clean, components: childComponents(clean).map(sanitizeComponent) };
}

export function sanitizeForm(form: FormSchemaInput): FormSchemaInput {
  return { slides: form.slides.map((slide) => ({ ...slide, components: slide.components.map(sanitizeComponent) })) };
}

/**
 * A variant's HTML: intro and thank-you text always; its translated form texts
 * too, as they stand for labels (shown as text) and for content blocks (shown
 * as HTML) alike. Their keys, the form's own texts, are cleaned as the form is.
 */
export function sanitizeVariant(variant: CalloutVariant): CalloutVariant {
  return {
    ...variant,
    intro: sanitizeRichText(variant.intro),
    thanksText: sanitizeRichText(variant.thanksText),
    componentText: Object.fromEntries(
      Object.entries(variant.componentText).map(([source, text]) => [
        sanitizeTextOrHtml(source),
        sanitizeTextOrHtml(text),
      ]),
    ),
  };
}

import sanitizeHtml from "sanitize-html";
import type { FormComponent } from "@cohort/common/callout-form";
import { childComponents, isNestable } from "@cohort/common/callout-form";
import type { CalloutVariant, FormSchemaInput } from "@cohort/common/callouts";

/** Rich text admins write (intro, thank-you text, content blocks): formatting and links, nothing that runs. */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "a",
    "ul",
    "ol",
    "li",
    "h2",
    "h3",
    "h4",
    "blockquote",
    "hr",
    "img",
    "figure",
    "figcaption",
  ],
  allowedAttributes: { a: ["href", "target", "rel"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

export const sanitizeRichText = (html: string): string => sanitizeHtml(html, options);

function sanitizeComponent(component: FormComponent): FormComponent {
  const html = typeof component.html === "string" ? { html: sanitizeRichText(component.html) } : {};
  if (!isNestable(component)) return { ...component, ...html };
  if (component.type === "tabs") {
    const panes = (component.components ?? []) as { key: string; label: string; components: FormComponent[] }[];
    return {
      ...component,
      components: panes.map((pane) => ({ ...pane, components: pane.components.map(sanitizeComponent) })),
    };
  }
  return { ...component, ...html, components: childComponents(component).map(sanitizeComponent) };
}

export function sanitizeForm(form: FormSchemaInput): FormSchemaInput {
  return { slides: form.slides.map((slide) => ({ ...slide, components: slide.components.map(sanitizeComponent) })) };
}

export function sanitizeVariant(variant: CalloutVariant): CalloutVariant {
  return { ...variant, intro: sanitizeRichText(variant.intro), thanksText: sanitizeRichText(variant.thanksText) };
}

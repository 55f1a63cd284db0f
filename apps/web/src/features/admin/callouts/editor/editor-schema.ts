import { z } from "zod";
import { DEFAULT_VARIANT, createCalloutSchema } from "@cohort/common/callouts";
import { message, readMessage } from "@cohort/common/validation";
import { keyedMessage } from "../../../../app/forms/validation-message";
import { calloutPayload } from "./editor-conversion";
import type { EditorIssue, FieldPath } from "./editor-checks";
import { editorIssues } from "./editor-checks";
import type { CalloutEditorValues, EditorTarget } from "./editor-values";
import type { SaveIntent } from "./save-intent";

const variantTextFields = new Set([
  "title",
  "excerpt",
  "intro",
  "thanksTitle",
  "thanksText",
  "thanksRedirect",
  "shareTitle",
  "shareDescription",
]);

const topLevelFields: Record<string, FieldPath> = {
  slug: ["slug"],
  image: ["image"],
  starts: ["startDate"],
  expires: ["endDate"],
  access: ["openTo"],
  captcha: ["captcha"],
  hidden: ["isVisible"],
  allowMultiple: ["responseMode"],
  allowUpdate: ["responseMode"],
};

function variantPath(values: CalloutEditorValues, name: string, rest: readonly PropertyKey[]): FieldPath {
  const [field, slideId, text] = rest;
  if (name === DEFAULT_VARIANT) {
    if (typeof field === "string" && variantTextFields.has(field)) return [field];
    const index = values.slides.findIndex((slide) => slide.id === slideId);
    if (field === "slideNavigation" && index !== -1 && typeof text === "string") {
      return ["slides", index, "navigation", text];
    }
    return ["root"];
  }
  const index = values.translations.findIndex((translation) => translation.locale === name);
  if (index === -1) return ["root"];
  if (field === "slideNavigation" && typeof slideId === "string" && typeof text === "string") {
    return ["translations", index, "slideNavigation", slideId, text];
  }
  if (typeof field === "string" && variantTextFields.has(field)) return ["translations", index, field];
  return ["translations", index, "componentText"];
}

/** Where the editor shows an error the shared schema found at a path of the payload. */
export function editorPath(values: CalloutEditorValues, path: readonly PropertyKey[]): FieldPath {
  const [head, ...rest] = path;
  if (typeof head !== "string") return ["root"];
  const direct = topLevelFields[head];
  if (direct) return direct;
  const plain = rest.filter((part): part is string | number => typeof part !== "symbol");
  switch (head) {
    case "variants":
      return typeof rest[0] === "string" ? variantPath(values, rest[0], rest.slice(1)) : ["title"];
    case "formSchema":
      return rest[0] === "slides" ? ["slides", ...plain.slice(1)] : ["slides"];
    case "responseViewSchema": {
      const [field, mapField] = plain;
      if (field === "map" && typeof mapField === "string") return ["map", mapField];
      return typeof field === "string" && ["buckets", "titleProp", "imageProp"].includes(field)
        ? [field]
        : ["showResponses"];
    }
    case "newsletterSchema":
      return typeof plain[0] === "string" && plain[0] !== "groups" ? ["newsletter", plain[0]] : ["hasNewsletter"];
    default:
      return ["root"];
  }
}

/** The shared schema's English messages as the editor's message keys. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "too_big" && typeof issue.maximum === "number" && issue.origin === "string") {
    return message("validation.tooLong", { max: issue.maximum });
  }
  if (issue.message === message("validation.urlInvalid")) return keyedMessage("adminCallouts.validation.urlInvalid");
  // Any other message of the shared catalogue is already its key.
  if (readMessage(issue.message)) return issue.message;
  return "validation.invalid";
}

/**
 * The editor's own rules first, then the shared create schema on the payload
 * the values make; one message per field, the editor's own one first.
 */
export function calloutIssues(
  values: CalloutEditorValues,
  target: EditorTarget,
  intent: SaveIntent = "publish",
): EditorIssue[] {
  const issues = editorIssues(values, target, intent);
  const seen = new Set(issues.map((issue) => issue.path.join(".")));
  const parsed = createCalloutSchema.safeParse({ ...calloutPayload(values), starts: null, expires: null });
  for (const issue of parsed.error?.issues ?? []) {
    const path = editorPath(values, issue.path);
    const name = path.join(".");
    // The form-level check repeats what the component checks already said.
    if (seen.has(name) || (issue.code === "custom" && issue.path.at(-1) === "components")) continue;
    seen.add(name);
    issues.push({ path, message: issueMessage(issue) });
  }
  return issues;
}

/**
 * The schema the editor's form resolver runs: every issue lands on the field that shows it.
 * `intent` tells which button saves, as a draft checks less than publishing.
 */
export function calloutEditorSchema(target: EditorTarget, intent: SaveIntent) {
  return z
    .custom<CalloutEditorValues>(() => true)
    .superRefine((values, context) => {
      for (const issue of calloutIssues(values, target, intent)) {
        context.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    });
}

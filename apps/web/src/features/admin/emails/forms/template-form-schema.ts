import type { TFunction } from "i18next";
import type { z } from "zod";
import type { EmailTemplateId } from "@cohort/common/emails";
import {
  allowedMergeFields,
  MERGE_TAG_PATTERN,
  mergeTagProblems,
  updateEmailTemplateSchema,
} from "@cohort/common/emails";
import { keyedMessage, parseValidationMessage } from "../../../../app/forms/validation-message";

function unknownTags(text: string, allowed: readonly string[]): string[] {
  const names = [...text.matchAll(MERGE_TAG_PATTERN)]
    .map((match) => match[1]!)
    .filter((name) => !allowed.includes(name));
  return [...new Set(names)].map((name) => `*|${name}|*`);
}

/** The shared rules for a template's subject and text, plus the merge tags this email offers. */
export function templateFormSchema(templateId: EmailTemplateId) {
  const allowed = allowedMergeFields(templateId);
  return updateEmailTemplateSchema.superRefine((value, context) => {
    for (const field of ["subject", "body"] as const) {
      const problems = mergeTagProblems(value[field], allowed);
      if (problems.unknownMergeField) {
        const tags = unknownTags(value[field], allowed).join(", ");
        context.addIssue({
          code: "custom",
          path: [field],
          message: keyedMessage("adminEmails.editor.unknownTags", { tags }),
        });
      } else if (problems.mergeTagSyntax) {
        context.addIssue({ code: "custom", path: [field], message: "adminEmails.editor.tagSyntax" });
      }
    }
  });
}
export type TemplateFormInput = z.input<ReturnType<typeof templateFormSchema>>;
export type TemplateFormValues = z.output<ReturnType<typeof templateFormSchema>>;

const OWN_KEY = /^adminEmails\.[A-Za-z.]+$/;

/**
 * The translated text of a field error: the shared schema's and this screen's
 * keys (with values after a `|`), or a server text without a key, shown as it came.
 */
export function templateFieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const { key, values } = parseValidationMessage(message);
  return OWN_KEY.test(key) ? t(key, values ?? {}) : message;
}

import type { TFunction } from "i18next";
import type { z } from "zod";
import type { EmailTemplateId } from "@cohort/common/emails";
import {
  allowedMergeFields,
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  MERGE_TAG_PATTERN,
  mergeTagProblems,
  updateEmailTemplateSchema,
} from "@cohort/common/emails";
import { keyedMessage } from "../../../../app/forms/validation-message";

/** The shared schema's English messages (and the server's), as i18n keys. */
const knownMessages: Record<string, string> = {
  "The subject is required": "adminEmails.editor.subjectRequired",
  [`The subject may have at most ${EMAIL_SUBJECT_MAX} characters`]: keyedMessage("adminEmails.editor.subjectTooLong", {
    max: EMAIL_SUBJECT_MAX,
  }),
  "The subject must be one line": "adminEmails.editor.subjectOneLine",
  "The text is required": "adminEmails.editor.bodyRequired",
  [`The text may have at most ${EMAIL_BODY_MAX} characters`]: keyedMessage("adminEmails.editor.bodyTooLong", {
    max: EMAIL_BODY_MAX,
  }),
};

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
 * The translated text of a field error: this screen's own keys (with values
 * after a `|`), the shared schema's English texts, or a server text this
 * screen does not know, shown as it came.
 */
export function templateFieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const known = knownMessages[message] ?? message;
  const separator = known.indexOf("|");
  const key = separator === -1 ? known : known.slice(0, separator);
  if (!OWN_KEY.test(key)) return message;
  try {
    const values = separator === -1 ? {} : (JSON.parse(known.slice(separator + 1)) as Record<string, unknown>);
    return t(key, values);
  } catch {
    return t(key);
  }
}

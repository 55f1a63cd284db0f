import { z } from "zod";
import { message } from "@cohort/common/validation";
import {
  JOIN_TEXT_MAX_LENGTH,
  JOIN_TITLE_MAX_LENGTH,
  NEWSLETTER_GROUPS_MAX,
  joinSetupContentSchema,
} from "@cohort/common/content";
import { keyedMessage } from "../../../../app/forms/validation-message";

const tooLong = (max: number) => ({ message: message("validation.tooLong", { max }) });
const title = z.string().trim().max(JOIN_TITLE_MAX_LENGTH, tooLong(JOIN_TITLE_MAX_LENGTH));
const text = z.string().trim().max(JOIN_TEXT_MAX_LENGTH, tooLong(JOIN_TEXT_MAX_LENGTH));
const required = { message: message("validation.required") };

/** The welcome text new members see when they set up their account. */
export const introFormSchema = joinSetupContentSchema.pick({ welcome: true }).extend({ welcome: text });
export type IntroFormValues = z.output<typeof introFormSchema>;

/** The newsletter and mail opt-ins and the survey at the end of joining. */
export const confirmationFormSchema = joinSetupContentSchema.omit({ welcome: true }).extend({
  newsletterTitle: title,
  newsletterText: text,
  newsletterOptIn: title,
  newsletterGroups: z
    .array(
      z.object({
        id: z.string().trim().min(1, required).max(100, tooLong(100)),
        label: title.min(1, required),
        checked: z.boolean(),
      }),
    )
    .max(NEWSLETTER_GROUPS_MAX, {
      message: keyedMessage("adminMembership.errors.tooManyGroups", { max: NEWSLETTER_GROUPS_MAX }),
    }),
  mailTitle: title,
  mailText: text,
  mailOptIn: title,
  surveyText: text,
});
export type ConfirmationFormInput = z.input<typeof confirmationFormSchema>;
export type ConfirmationFormValues = z.output<typeof confirmationFormSchema>;

export const confirmationFields = Object.keys(confirmationFormSchema.shape) as (keyof ConfirmationFormValues)[];

import { z } from "zod";
import { passwordSchema } from "@cohort/common/auth";
import { setupSchema } from "@cohort/common/setup";
import { message } from "@cohort/common/validation";
import { requiredEmailSchema } from "../../../app/forms/field-schemas";

const requiredPasswordSchema = z
  .string()
  .min(1, { message: message("validation.passwordRequired") })
  .pipe(passwordSchema);

/** The setup request without the token (it comes from the link), plus a confirmation. */
export const setupFormSchema = setupSchema
  .omit({ token: true })
  .extend({
    email: requiredEmailSchema,
    password: requiredPasswordSchema,
    confirmPassword: z.string().min(1, { message: message("validation.confirmPasswordRequired") }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    message: message("validation.passwordsDontMatch"),
  });
export type SetupFormInput = z.input<typeof setupFormSchema>;
export type SetupFormValues = z.output<typeof setupFormSchema>;

import { z } from "zod";
import { passwordSchema } from "@cohort/common/auth";
import { setupSchema } from "@cohort/common/setup";
import { requiredEmailSchema } from "../../../app/forms/field-schemas";

const requiredPasswordSchema = z.string().min(1, { message: "Password is required" }).pipe(passwordSchema);

/** The setup request without the token (it comes from the link), plus a confirmation. */
export const setupFormSchema = setupSchema
  .omit({ token: true })
  .extend({
    email: requiredEmailSchema,
    password: requiredPasswordSchema,
    confirmPassword: z.string().min(1, { message: "validation.confirmPasswordRequired" }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords don't match",
  });
export type SetupFormInput = z.input<typeof setupFormSchema>;
export type SetupFormValues = z.output<typeof setupFormSchema>;

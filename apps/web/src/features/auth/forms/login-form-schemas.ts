import { z } from "zod";
import { loginSchema, TOTP_DIGITS } from "@cohort/common/auth";
import { requiredEmailSchema } from "../../../app/forms/field-schemas";
import { keyedMessage } from "../../../app/forms/validation-message";

/** Email and password: the shared login schema, with a clear message for an empty email. */
export const credentialsFormSchema = loginSchema.pick({ password: true }).extend({
  email: requiredEmailSchema,
});
export type CredentialsForm = z.infer<typeof credentialsFormSchema>;

/** The code from an authenticator app; spaces people type or paste are dropped. */
export const tokenFormSchema = z.object({
  token: z
    .string()
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, { message: "Code is required" })
        .min(TOTP_DIGITS, { message: keyedMessage("validation.codeTooShort", { min: TOTP_DIGITS }) })
        .max(TOTP_DIGITS, { message: keyedMessage("validation.codeTooLong", { max: TOTP_DIGITS }) })
        .regex(/^\d+$/, { message: "validation.codeDigits" }),
    ),
});
export type TokenForm = z.infer<typeof tokenFormSchema>;

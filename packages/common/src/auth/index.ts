import { z } from "zod";
import { contactSchema, roleTypeSchema } from "../contacts/schemas.js";
import { PASSWORD_MIN_LENGTH } from "../contacts/constants.js";

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Invalid email address" }));

/** Login does not judge password strength, only presence. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: "Password is required" }),
  token: z.string().trim().optional(),
});
export type Login = z.infer<typeof loginSchema>;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(256);

export const authMethods = ["none", "user", "api-key"] as const;
export type AuthMethod = (typeof authMethods)[number];

export const authInfoSchema = z.object({
  method: z.enum(authMethods),
  roles: z.array(roleTypeSchema),
  contact: contactSchema.optional(),
});
export type AuthInfo = z.infer<typeof authInfoSchema>;

export const loginCredentialTypes = ["password", "totp"] as const;

/** TOTP settings shared by the server check and the enrolment screen. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ALGORITHM = "SHA1";

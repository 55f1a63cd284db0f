import { z } from "zod";
import { contactSchema, emailSchema, roleTypeSchema } from "../contacts/schemas.js";

export { emailSchema, passwordSchema } from "../contacts/schemas.js";

/** Login does not judge password strength, only presence. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: "Password is required" }),
  token: z.string().trim().optional(),
});
export type Login = z.infer<typeof loginSchema>;

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

import { z } from "zod";
import { contactSchema, emailSchema, isoDateSchema, roleTypeSchema } from "../contacts/schemas.js";
import type { ErrorCode } from "../errors/index.js";
import { TEXT_LIMITS } from "../http/limits.js";
import { message } from "../validation/index.js";

export { emailSchema, passwordSchema } from "../contacts/schemas.js";
export * from "./constants.js";
export * from "./user-agent.js";

/** Login does not judge password strength, only presence. */
export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(1, { message: message("validation.passwordRequired") })
    .max(TEXT_LIMITS.password),
  token: z.string().trim().max(TEXT_LIMITS.token).optional(),
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

export const mfaTypes = ["totp"] as const;

export const contactMfaSchema = z.object({ id: z.uuid(), type: z.enum(mfaTypes) });
export type ContactMfa = z.infer<typeof contactMfaSchema>;

/** Enrolment: the client generates the secret and proves it works with a current code. */
export const createContactMfaSchema = z
  .object({
    secret: z
      .string()
      .trim()
      .regex(/^[A-Z2-7]{16,128}=*$/i, { message: "The secret must be base32" }),
    token: z
      .string()
      .trim()
      .min(1, { message: message("validation.codeRequired") })
      .max(TEXT_LIMITS.token),
    type: z.enum(mfaTypes),
  })
  .strict();
export type CreateContactMfa = z.infer<typeof createContactMfaSchema>;

/**
 * What people give to prove it is them before a sensitive change of their own
 * account (decision 051): the current password, and the current one-time code
 * when two-step login is on. The names follow the password change
 * (`currentPassword`) and the login (`token`).
 */
export const identityProofShape = {
  currentPassword: z.string().max(TEXT_LIMITS.password).optional(),
  token: z.string().trim().max(TEXT_LIMITS.token).optional(),
};
export interface IdentityProof {
  currentPassword?: string | undefined;
  token?: string | undefined;
}

/** The 400 codes a route that confirms the caller's identity may answer with, for its `config.errors`. */
export const IDENTITY_PROOF_ERRORS = [
  "wrong-password",
  "missing-token",
  "invalid-token",
  "token-already-used",
  "account-locked",
] as const satisfies readonly ErrorCode[];

/** Turning one's own 2FA off also needs the current password (decision 051); an admin removing someone else's needs neither. */
export const deleteContactMfaSchema = z.object({ type: z.enum(mfaTypes), ...identityProofShape }).strict();
export type DeleteContactMfa = z.infer<typeof deleteContactMfaSchema>;

/**
 * One place a person is logged in, as they see it on their account page
 * (decision 051). `id` names the session for ending it; the cookie's token and
 * its hash are never sent.
 */
export const contactSessionSchema = z.object({
  id: z.uuid(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: isoDateSchema,
  lastUsedAt: isoDateSchema,
  /** The session this request came with. */
  current: z.boolean(),
});
export type ContactSession = z.infer<typeof contactSessionSchema>;

export const contactSessionListSchema = z.array(contactSessionSchema);

/** How many sessions `DELETE /contact/me/session` ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });

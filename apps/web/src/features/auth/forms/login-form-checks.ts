import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import { TOTP_DIGITS } from "@cohort/common/auth";
import { isEmail } from "@cohort/common/callout-form";
import { TEXT_LIMITS } from "@cohort/common/http";
import { message } from "@cohort/common/validation";

/*
 * The login page checks its few fields by hand, as the callout pages do, so
 * that the first page many people open loads no schema library. The messages
 * are the shared catalogue's; the server checks everything again.
 */

export interface CredentialsForm {
  email: string;
  password: string;
}

export interface TokenForm {
  token: string;
}

type Checked<T> = { values: T; problems: Partial<Record<keyof T & string, string>> };

function resolverOf<T extends FieldValues>(check: (values: T) => Checked<T>): Resolver<T> {
  return (raw) => {
    const { values, problems } = check(raw);
    const found = Object.entries(problems).filter((entry): entry is [string, string] => Boolean(entry[1]));
    if (found.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(found.map(([name, text]) => [name, { type: "validate", message: text }]));
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

function emailProblem(email: string): string | undefined {
  if (email === "") return message("validation.emailRequired");
  if (email.length > TEXT_LIMITS.email) return message("validation.tooLong", { max: TEXT_LIMITS.email });
  if (!isEmail(email)) return message("validation.emailInvalid");
  return undefined;
}

function passwordProblem(password: string): string | undefined {
  if (password === "") return message("validation.passwordRequired");
  if (password.length > TEXT_LIMITS.password) return message("validation.tooLong", { max: TEXT_LIMITS.password });
  return undefined;
}

/** Email (trimmed, lower-cased) and password. */
export function checkCredentials(raw: CredentialsForm): Checked<CredentialsForm> {
  const values = { email: raw.email.trim().toLowerCase(), password: raw.password };
  return { values, problems: { email: emailProblem(values.email), password: passwordProblem(values.password) } };
}

/** The code from an authenticator app; spaces people type or paste are dropped. */
export function checkToken(raw: TokenForm): Checked<TokenForm> {
  const token = raw.token.replace(/\s+/g, "");
  let problem: string | undefined;
  if (token === "") problem = message("validation.codeRequired");
  else if (token.length < TOTP_DIGITS) problem = message("validation.codeTooShort", { min: TOTP_DIGITS });
  else if (token.length > TOTP_DIGITS) problem = message("validation.codeTooLong", { max: TOTP_DIGITS });
  else if (!/^\d+$/.test(token)) problem = message("validation.codeDigits");
  return { values: { token }, problems: { token: problem } };
}

export const credentialsResolver = resolverOf(checkCredentials);
export const tokenResolver = resolverOf(checkToken);

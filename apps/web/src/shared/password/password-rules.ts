import { PASSWORD_MIN_LENGTH } from "@cohort/common/contacts";

export type PasswordProblem = "required" | "tooShort" | "weak" | "mismatch";

/**
 * The house rule for passwords (8 or more characters with a number, an
 * uppercase and a lowercase letter), checked by hand so the public pages
 * stay free of zod. The server checks it again.
 */
export function passwordProblem(password: string, confirmation: string): PasswordProblem | null {
  if (!password) return "required";
  if (password.length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (!/\d/.test(password) || !/[A-Z]/.test(password) || !/[a-z]/.test(password)) return "weak";
  if (password !== confirmation) return "mismatch";
  return null;
}

export function isEmailLike(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

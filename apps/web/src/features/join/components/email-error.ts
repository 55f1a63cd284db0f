import type { TFunction } from "i18next";
import { isEmailLike } from "../../../shared/password/password-rules";

/** The email field's message on the join and gift forms, once the form was sent. */
export function emailFieldError(t: TFunction, email: string, isSubmitted: boolean): string | undefined {
  if (!isSubmitted) return undefined;
  if (!email.trim()) return t("join.errors.emailRequired");
  return isEmailLike(email) ? undefined : t("join.errors.emailInvalid");
}

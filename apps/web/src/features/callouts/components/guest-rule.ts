import type { CalloutAccess, Guest } from "@cohort/common/callouts";
import { isEmail } from "@cohort/common/callout-form";

export interface GuestValues {
  firstname: string;
  lastname: string;
  email: string;
}

export const emptyGuest: GuestValues = { firstname: "", lastname: "", email: "" };

export type GuestFieldError = "required" | "invalidEmail";

export interface GuestRule {
  /** Asked of visitors who are not logged in, unless the callout keeps every response anonymous. */
  isShown: boolean;
  isRequired: boolean;
  errors: Partial<Record<keyof GuestValues, GuestFieldError>>;
  /** What to send: all three fields, or nothing. */
  guest: Guest | undefined;
}

/**
 * The name and email a visitor leaves with a response (reference section 7.2):
 * required when the callout asks for them or the visitor opts in to the
 * newsletter; once any one is filled in, all three are; sent only complete.
 */
export function guestRule(input: {
  access: CalloutAccess;
  isLoggedIn: boolean;
  isOptedIn: boolean;
  values: GuestValues;
}): GuestRule {
  const isShown = input.access !== "only-anonymous" && !input.isLoggedIn;
  if (!isShown) return { isShown, isRequired: false, errors: {}, guest: undefined };

  const values: GuestValues = {
    firstname: input.values.firstname.trim(),
    lastname: input.values.lastname.trim(),
    email: input.values.email.trim(),
  };
  const isAnyFilled = Object.values(values).some((value) => value !== "");
  const isRequired = input.access === "guest" || input.isOptedIn || isAnyFilled;
  const errors: GuestRule["errors"] = {};
  if (isRequired) {
    for (const field of ["firstname", "lastname", "email"] as const) {
      if (values[field] === "") errors[field] = "required";
    }
  }
  if (values.email !== "" && !isEmail(values.email)) errors.email = "invalidEmail";
  const isComplete = Object.keys(errors).length === 0 && isAnyFilled;
  return { isShown, isRequired, errors, guest: isComplete ? values : undefined };
}

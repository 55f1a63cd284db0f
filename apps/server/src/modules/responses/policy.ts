import type { FieldError } from "@cohort/common/errors";
import type { RoleType } from "@cohort/common/contacts";
import type { CalloutAccess, CalloutCaptcha, Guest, ResponseRefusal } from "@cohort/common/callouts";
import { AppError } from "../../http/errors.js";

const refusalMessages: Record<ResponseRefusal, string> = {
  "logged-in-guest-fields": "Logged-in users can't send guest details",
  "guest-fields-missing": "Your name and email address are needed to answer this callout",
  "only-anonymous": "This callout only takes anonymous responses",
  "expired-user": "Only members can answer this callout",
  closed: "This callout is not open for responses",
  "cant-update": "You have already answered this callout",
  "invalid-answers": "Some answers are not valid, check 'errors' property for more info.",
};

/** A 400 `invalid-callout-response` saying why. */
export function refuse(subCode: ResponseRefusal, details?: FieldError[]): AppError {
  return new AppError("invalid-callout-response", {
    status: 400,
    subCode,
    message: refusalMessages[subCode],
    ...(details ? { details } : {}),
  });
}

/** `all` asks everyone for a captcha, `guest` only callers who are not logged in. */
export function needsCaptcha(mode: CalloutCaptcha, isLoggedIn: boolean): boolean {
  return mode === "all" || (mode === "guest" && !isLoggedIn);
}

/**
 * Who a response belongs to:
 * - `caller`: the logged-in contact, who may later update it;
 * - `guest`: a visitor's name and email, kept on a response that belongs to
 *   nobody until the guest confirms the emailed link; a guest never updates;
 * - `nobody`: an anonymous response.
 */
export type Responder = { kind: "caller"; contactId: string } | { kind: "guest"; guest: Guest } | { kind: "nobody" };

export interface Caller {
  contactId: string | null;
  /** Active roles of the caller. */
  roles: readonly RoleType[];
}

/**
 * The access matrix (reference section 7.2, with its quirks fixed). A logged-in
 * caller sending guest details is refused before this is asked.
 */
export function decideResponder(access: CalloutAccess, caller: Caller, guest: Guest | undefined): Responder {
  switch (access) {
    case "member":
      if (!caller.contactId) throw refuse("closed");
      if (!caller.roles.includes("member")) throw refuse("expired-user");
      return { kind: "caller", contactId: caller.contactId };
    case "guest":
      if (caller.contactId) return { kind: "caller", contactId: caller.contactId };
      if (!guest) throw refuse("guest-fields-missing");
      return { kind: "guest", guest };
    case "anonymous":
      if (caller.contactId) return { kind: "caller", contactId: caller.contactId };
      return guest ? { kind: "guest", guest } : { kind: "nobody" };
    case "only-anonymous":
      // A logged-in caller's response is kept apart from them on purpose.
      if (guest) throw refuse("only-anonymous");
      return { kind: "nobody" };
  }
}

export interface ResponseModes {
  allowMultiple: boolean;
  allowUpdate: boolean;
}

/**
 * Whether a submission makes a new response or overwrites the responder's
 * latest one. Only a logged-in caller overwrites: a guest proves nothing but
 * an email address, so a guest never changes an earlier response.
 */
export function saveAction(modes: ResponseModes, responder: Responder, hasPrevious: boolean): "create" | "update" {
  if (modes.allowMultiple || !hasPrevious) return "create";
  if (modes.allowUpdate && responder.kind === "caller") return "update";
  throw refuse("cant-update");
}

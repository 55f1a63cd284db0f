import type { Callout } from "@cohort/common/callouts";
import type { Contact } from "@cohort/common/contacts";
import { hasRole } from "@cohort/common/contacts";

/** What a visitor can do with a callout right now. */
export type AnswerState =
  | "not-open"
  /** Ended; a person who answered can still read their response. */
  | "ended"
  /** Members only, and nobody is logged in. */
  | "log-in"
  /** Members only, and the person is not one. */
  | "members-only"
  /** One response each, already given, and it cannot be changed. */
  | "answered"
  /** One response each, already given, and it may be changed while the callout is open. */
  | "can-update"
  | "can-answer";

export function answerState(callout: Callout, user: Pick<Contact, "activeRoles"> | null): AnswerState {
  if (callout.status === "ended") return "ended";
  if (callout.status !== "open") return "not-open";
  if (callout.access === "member") {
    if (!user) return "log-in";
    if (!hasRole(user.activeRoles, "member")) return "members-only";
  }
  if (user && callout.hasAnswered && !callout.allowMultiple) return callout.allowUpdate ? "can-update" : "answered";
  return "can-answer";
}

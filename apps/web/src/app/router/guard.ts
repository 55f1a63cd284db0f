import type { Contact } from "@cohort/common/contacts";
import { hasRole } from "@cohort/common/contacts";
import type { ResolvedRouteMeta } from "./route-meta";
import { loginPath } from "./next-path";

export interface GuardInput {
  meta: Pick<ResolvedRouteMeta, "noLogin" | "admin" | "staff" | "embeddable" | "noReviewerMode">;
  user: Pick<Contact, "activeRoles" | "isReviewer"> | null;
  isInFrame: boolean;
  isReviewerMode: boolean;
  /** Path and query of the page being opened. */
  target: string;
}

export type CancelReason = "frame" | "reviewer-mode" | "unauthorized";

export type GuardDecision =
  { kind: "allow" } | { kind: "redirect"; to: string } | { kind: "cancel"; reason: CancelReason };

/**
 * Decides whether a page may open (spec section 2, rules 2 to 5; rule 1,
 * waiting for the session and the settings, is the caller's job).
 */
export function guardRoute({ meta, user, isInFrame, isReviewerMode, target }: GuardInput): GuardDecision {
  if (isInFrame && !meta.embeddable) return { kind: "cancel", reason: "frame" };
  if (isReviewerMode && meta.noReviewerMode) return { kind: "cancel", reason: "reviewer-mode" };
  if (!meta.noLogin && !user) return { kind: "redirect", to: loginPath(target) };
  const isAdmin = hasRole(user?.activeRoles ?? [], "admin");
  if (meta.admin && !isAdmin) return { kind: "cancel", reason: "unauthorized" };
  if (meta.staff && !isAdmin && !user?.isReviewer) return { kind: "cancel", reason: "unauthorized" };
  return { kind: "allow" };
}

/** Where `/` sends a logged-in person. */
export function homePath(user: Pick<Contact, "activeRoles" | "isReviewer">, isReviewerMode: boolean): string {
  if (hasRole(user.activeRoles, "admin")) return "/admin";
  if (isReviewerMode && user.isReviewer) return "/admin/callouts";
  return "/profile";
}

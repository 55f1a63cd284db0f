import type { RoleType } from "@cohort/common/contacts";
import { mayManageContact, rightsRank } from "@cohort/common/contacts";
import type { AppContext } from "../../context.js";
import type { Identity } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { findStandingStaffRoles } from "./queries.js";

/**
 * Who may change whom (`mayManageContact` in common): rights rank superadmin
 * above admin above everyone else (members, reviewers). A caller may change,
 * delete, reset or act as only contacts whose rights do not exceed its own;
 * a superadmin is managed by superadmins alone. Every service that changes a
 * contact on someone's behalf asks here first (decision 017).
 */
export const outranked = () =>
  new AppError("forbidden", {
    status: 403,
    message: "This contact has more rights than you; only someone with at least the same rights can change it.",
  });

/** Refuses when the target's roles rank above the actor's. */
export function assertMayManage(actorRoles: readonly RoleType[], targetRoles: readonly RoleType[]): void {
  if (!mayManageContact(actorRoles, targetRoles)) throw outranked();
}

/**
 * The admin and superadmin roles a contact holds or will hold: a role that
 * starts next week already counts, so nobody can prepare a takeover early.
 */
async function standingStaffRoles(ctx: AppContext, contactId: string): Promise<RoleType[]> {
  return (await findStandingStaffRoles(ctx.db, ctx.clock.now(), contactId)).map((row) => row.role);
}

/**
 * Refuses when the contact outranks the caller. People acting on themselves
 * always pass. An unknown contact passes too, so the service answers 404.
 */
export async function assertMayManageContact(ctx: AppContext, actor: Identity, contactId: string): Promise<void> {
  if (actor.contact?.id === contactId) return;
  assertMayManage(actor.roles, await standingStaffRoles(ctx, contactId));
}

/** Of these contacts, the ones that outrank the caller (for changes to many contacts at once). */
export async function contactsAbove(
  ctx: AppContext,
  actor: Identity,
  contactIds: Iterable<string>,
): Promise<Set<string>> {
  if (rightsRank(actor.roles) === 2) return new Set();
  const staff = new Map<string, RoleType[]>();
  for (const row of await findStandingStaffRoles(ctx.db, ctx.clock.now())) {
    staff.set(row.contactId, [...(staff.get(row.contactId) ?? []), row.role]);
  }
  const above = new Set<string>();
  for (const contactId of contactIds) {
    const roles = staff.get(contactId);
    if (roles && contactId !== actor.contact?.id && !mayManageContact(actor.roles, roles)) above.add(contactId);
  }
  return above;
}

/** An API key may act through X-Contact-Id only as someone who neither holds nor will hold a staff role. */
export async function mayBeActedAsByKey(ctx: AppContext, contactId: string): Promise<boolean> {
  return (await standingStaffRoles(ctx, contactId)).length === 0;
}

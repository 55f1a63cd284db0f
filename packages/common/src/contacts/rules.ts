import type { RoleType } from "./constants.js";

export interface RoleDates {
  role: RoleType;
  dateAdded: Date;
  dateExpires: Date | null;
}

/** A role is active from its start until its expiry, both inclusive. */
export function isRoleActive(role: Pick<RoleDates, "dateAdded" | "dateExpires">, now: Date): boolean {
  return role.dateAdded <= now && (role.dateExpires === null || role.dateExpires >= now);
}

/** Active role names; a superadmin is always an admin too. */
export function activeRoleNames(roles: readonly RoleDates[], now: Date): RoleType[] {
  const active = roles.filter((role) => isRoleActive(role, now)).map((role) => role.role);
  if (active.includes("superadmin") && !active.includes("admin")) {
    active.push("admin");
  }
  return active;
}

export function hasRole(activeRoles: readonly RoleType[], role: RoleType): boolean {
  return activeRoles.includes(role);
}

/** Whether someone with these active roles may give (or change) a role: superadmin only a superadmin may. */
export function mayGrantRole(activeRoles: readonly RoleType[], role: RoleType): boolean {
  return role !== "superadmin" || activeRoles.includes("superadmin");
}

/** How far someone's rights reach: superadmin above admin above everyone else (members, reviewers). */
export type RightsRank = 0 | 1 | 2;

export function rightsRank(roles: readonly RoleType[]): RightsRank {
  if (roles.includes("superadmin")) return 2;
  if (roles.includes("admin")) return 1;
  return 0;
}

const STAFF_ROLES: readonly RoleType[] = ["admin", "superadmin"];

/**
 * The staff roles (admin, superadmin) a contact holds or will hold: one that
 * has not ended counts, even when it starts later, so nobody can prepare a
 * takeover early.
 */
export function standingStaffRoles(
  roles: readonly { role: RoleType; dateExpires: Date | string | null }[],
  now: Date,
): RoleType[] {
  return roles
    .filter((role) => STAFF_ROLES.includes(role.role))
    .filter((role) => role.dateExpires === null || new Date(role.dateExpires).getTime() >= now.getTime())
    .map((role) => role.role);
}

/**
 * Whether someone with `actorRoles` may change a contact holding
 * `targetRoles` (their standing staff roles): nobody may change a contact
 * whose rights exceed their own, so a superadmin is managed by superadmins
 * alone. People changing themselves need no such check.
 */
export function mayManageContact(actorRoles: readonly RoleType[], targetRoles: readonly RoleType[]): boolean {
  return rightsRank(targetRoles) <= rightsRank(actorRoles);
}

/** The name people see: first and last name, falling back to the email. */
export function displayName(contact: { firstname: string; lastname: string; email: string }): string {
  const name = `${contact.firstname} ${contact.lastname}`.trim();
  return name || contact.email;
}

/** Membership status and renewal follow the contribution rules (calendar-correct months). */
export { membershipStatus, renewalDate } from "../contributions/membership.js";

/** Per-period amount in major units, from the amount stored in minor units. */
export function periodAmount(amountMinor: number | null): number | undefined {
  if (amountMinor === null || amountMinor === 0) return undefined;
  return amountMinor / 100;
}

import { ONE_DAY } from "../time/index.js";
import type { ContributionPeriod, ContributionType, MembershipStatus, RoleType } from "./constants.js";
import { MEMBERSHIP_GRACE_DAYS } from "./constants.js";

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

/** The name people see: first and last name, falling back to the email. */
export function displayName(contact: { firstname: string; lastname: string; email: string }): string {
  const name = `${contact.firstname} ${contact.lastname}`.trim();
  return name || contact.email;
}

export function membershipStatus(
  memberRole: Pick<RoleDates, "dateAdded" | "dateExpires"> | undefined,
  cancelledAt: Date | null,
  now: Date,
): MembershipStatus {
  if (!memberRole) return "none";
  if (!isRoleActive(memberRole, now)) return "expired";
  return cancelledAt ? "expiring" : "active";
}

function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

/**
 * The next expected renewal of an active, paying member, or undefined.
 * Derived from the member role's expiry (less the grace period), else the
 * next anniversary for annual contributors, else a month from now; never
 * further away than one period.
 */
export function renewalDate(input: {
  memberRole: Pick<RoleDates, "dateAdded" | "dateExpires"> | undefined;
  cancelledAt: Date | null;
  type: ContributionType;
  period: ContributionPeriod | null;
  now: Date;
}): Date | undefined {
  const { memberRole, cancelledAt, type, period, now } = input;
  if (!memberRole || cancelledAt || type === "None" || !isRoleActive(memberRole, now)) {
    return undefined;
  }
  const periodMonths = period === "annually" ? 12 : 1;
  let candidate: Date;
  if (memberRole.dateExpires) {
    candidate = new Date(memberRole.dateExpires.getTime() - MEMBERSHIP_GRACE_DAYS * ONE_DAY);
  } else if (period === "annually") {
    candidate = new Date(memberRole.dateAdded);
    while (candidate <= now) candidate = addMonths(candidate, 12);
  } else {
    candidate = addMonths(now, 1);
  }
  const cap = addMonths(now, periodMonths);
  return candidate > cap ? cap : candidate;
}

/** Per-period amount in major units, from the amount stored in minor units. */
export function periodAmount(amountMinor: number | null): number | undefined {
  if (amountMinor === null || amountMinor === 0) return undefined;
  return amountMinor / 100;
}

import { ONE_DAY } from "../time/index.js";
import type { ContributionPeriod, ContributionType, MembershipStatus } from "../payments/constants.js";
import { GRACE_PERIOD_DAYS } from "./constants.js";
import { periodMonths } from "./money.js";

/*
 * Membership rules (reference §9.1). Calendar arithmetic is done in UTC, as
 * dates travel and are stored as UTC instants.
 */

/** The dates of a member role; `dateExpires` null means it never expires. */
export interface MemberRoleDates {
  dateAdded: Date;
  dateExpires: Date | null;
}

/** A member role is active from its start until its expiry, both inclusive. */
export function isMembershipActive(memberRole: MemberRoleDates | undefined, now: Date): boolean {
  if (!memberRole) return false;
  return memberRole.dateAdded <= now && (memberRole.dateExpires === null || memberRole.dateExpires >= now);
}

/**
 * No member role is `none`; an inactive one `expired`; an active one is
 * `expiring` once the contribution was cancelled, else `active`.
 */
export function membershipStatus(
  memberRole: MemberRoleDates | undefined,
  cancelledAt: Date | null,
  now: Date,
): MembershipStatus {
  if (!memberRole) return "none";
  if (!isMembershipActive(memberRole, now)) return "expired";
  return cancelledAt ? "expiring" : "active";
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * Adds calendar months, keeping the time of day and holding the day within
 * the target month: 31 January + 1 month is 28 (or 29) February, and
 * 29 February + 12 months is 28 February.
 */
export function addMonths(date: Date, months: number): Date {
  if (!Number.isInteger(months)) throw new RangeError(`Whole months only: ${months}`);
  const monthIndex = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  const result = new Date(date);
  result.setUTCFullYear(year, month, day);
  return result;
}

/**
 * The end of the paid time: `periods` periods after the anchor (a start date
 * or billing anchor). Count from the anchor rather than chaining one period
 * at a time, so a 31st keeps coming back after shorter months.
 */
export function paidUntil(anchor: Date, period: ContributionPeriod, periods = 1): Date {
  return addMonths(anchor, periodMonths(period) * periods);
}

/** When the member role should expire: the end of the paid time plus the grace period. */
export function membershipExpiry(paidUntilDate: Date): Date {
  return new Date(paidUntilDate.getTime() + GRACE_PERIOD_DAYS * ONE_DAY);
}

/** The end of the paid time of a member role that expires at `expiry`: its expiry less the grace period. */
export function paidUntilOf(expiry: Date): Date {
  return new Date(expiry.getTime() - GRACE_PERIOD_DAYS * ONE_DAY);
}

/**
 * The member role's expiry once its contribution is cancelled: the end of
 * the paid time, as the grace period is for renewals that fail, not for
 * cancellations; `now` when that is already past (the role was in its grace
 * period). A role that never expires (null) keeps doing so.
 */
export function cancelledExpiry(current: Date | null, now: Date): Date | null {
  if (current === null) return null;
  const paid = paidUntilOf(current);
  return paid > now ? paid : current < now ? current : now;
}

/**
 * The member role's new expiry when a payment or change pays until `until`.
 * Payments only ever extend a membership: a later stored expiry is kept, and
 * so is a role that never expires (null). Without a role (undefined) the new
 * role expires at `until` plus grace. A cancelled contribution gets no grace
 * (`withGrace` false), so a payment reported after the cancellation ends the
 * role where the cancellation did.
 */
export function extendedExpiry(current: Date | null | undefined, until: Date, withGrace = true): Date | null {
  const candidate = withGrace ? membershipExpiry(until) : until;
  if (current === null) return null;
  if (current === undefined) return candidate;
  return current > candidate ? current : candidate;
}

/** The first anniversary of `start` strictly after `now` (`start` itself if it is still ahead). */
export function nextAnniversary(start: Date, now: Date): Date {
  if (start > now) return start;
  let years = Math.max(1, now.getUTCFullYear() - start.getUTCFullYear());
  while (addMonths(start, 12 * (years - 1)) > now) years -= 1;
  while (addMonths(start, 12 * years) <= now) years += 1;
  return addMonths(start, 12 * years);
}

export interface RenewalInput {
  memberRole: MemberRoleDates | undefined;
  cancelledAt: Date | null;
  type: ContributionType;
  period: ContributionPeriod | null;
  now: Date;
}

/**
 * The next expected renewal of an active, paying member; undefined once the
 * contribution is cancelled, without an active member role, or for type None.
 * It is the role's expiry less the grace period (in the past while a payment
 * is being collected), else the next anniversary of the role's start for an
 * annual contribution, else a month from now; never later than one period
 * from now.
 */
export function renewalDate(input: RenewalInput): Date | undefined {
  const { memberRole, cancelledAt, type, period, now } = input;
  if (!memberRole || cancelledAt || type === "None" || !isMembershipActive(memberRole, now)) {
    return undefined;
  }
  const isAnnual = period === "annually";
  const cap = addMonths(now, isAnnual ? 12 : 1);
  let candidate: Date;
  if (memberRole.dateExpires) {
    candidate = paidUntilOf(memberRole.dateExpires);
  } else if (isAnnual) {
    candidate = nextAnniversary(memberRole.dateAdded, now);
  } else {
    candidate = addMonths(now, 1);
  }
  return candidate > cap ? cap : candidate;
}

/** Why a contribution or its payment method may not change now, if it may not. */
export type ContributionChangeRefusal = "no-payment-method" | "payment-pending" | "annual-to-monthly";

export interface ContributionChangeInput {
  /** A payment is being collected and has not yet succeeded or failed. */
  hasPendingPayment: boolean;
  /** The member role is active now (membership `active` or `expiring`). */
  isActiveMember: boolean;
  currentPeriod: ContributionPeriod | null;
  newPeriod: ContributionPeriod;
  /**
   * Changing amount or period on the stored method needs one; pass false for
   * manual and no contributions. Leave out when a new method comes with the change.
   */
  hasPaymentMethod?: boolean;
}

/**
 * Nothing changes while a payment is pending (spec section 4; stricter than
 * the reference product, which let monthly amounts change anyway), and an
 * active annual member may not switch to monthly.
 */
export function contributionChangeRefusal(input: ContributionChangeInput): ContributionChangeRefusal | null {
  if (input.hasPaymentMethod === false) return "no-payment-method";
  if (input.hasPendingPayment) return "payment-pending";
  if (input.isActiveMember && input.currentPeriod === "annually" && input.newPeriod === "monthly") {
    return "annual-to-monthly";
  }
  return null;
}

export function canChangeContribution(input: ContributionChangeInput): boolean {
  return contributionChangeRefusal(input) === null;
}

/** A new card or mandate may be set up unless a payment is pending. */
export function canChangePaymentMethod(input: { hasPendingPayment: boolean }): boolean {
  return !input.hasPendingPayment;
}

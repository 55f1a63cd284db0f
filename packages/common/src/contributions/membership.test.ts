import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GRACE_PERIOD_DAYS } from "./constants.js";
import {
  addMonths,
  canChangeContribution,
  canChangePaymentMethod,
  contributionChangeRefusal,
  extendedExpiry,
  isMembershipActive,
  membershipExpiry,
  membershipStatus,
  nextAnniversary,
  paidUntil,
  renewalDate,
} from "./membership.js";

const at = (iso: string) => new Date(iso);
const now = at("2026-03-15T12:00:00.000Z");

describe("membership status", () => {
  const role = { dateAdded: at("2026-01-01T00:00:00.000Z"), dateExpires: at("2026-04-01T00:00:00.000Z") };

  it("is none without a member role", () => {
    expect(membershipStatus(undefined, null, now)).toBe("none");
  });

  it("is active, or expiring once cancelled", () => {
    expect(membershipStatus(role, null, now)).toBe("active");
    expect(membershipStatus(role, at("2026-03-01T00:00:00.000Z"), now)).toBe("expiring");
    expect(membershipStatus({ ...role, dateExpires: null }, null, now)).toBe("active");
  });

  it("is expired before the start and after the expiry, both ends inclusive", () => {
    expect(membershipStatus(role, null, at("2025-12-31T23:59:59.999Z"))).toBe("expired");
    expect(membershipStatus(role, null, at("2026-04-01T00:00:00.001Z"))).toBe("expired");
    expect(isMembershipActive(role, role.dateAdded)).toBe(true);
    expect(isMembershipActive(role, at("2026-04-01T00:00:00.000Z"))).toBe(true);
    expect(membershipStatus(role, at("2026-03-01T00:00:00.000Z"), at("2026-05-01T00:00:00.000Z"))).toBe("expired");
  });
});

describe("calendar months", () => {
  it("hold the day within shorter months", () => {
    expect(addMonths(at("2026-01-31T10:00:00.000Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(at("2028-01-31T10:00:00.000Z"), 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonths(at("2026-03-31T00:00:00.000Z"), 1).toISOString()).toBe("2026-04-30T00:00:00.000Z");
    expect(addMonths(at("2028-02-29T00:00:00.000Z"), 12).toISOString()).toBe("2029-02-28T00:00:00.000Z");
    expect(addMonths(at("2026-12-15T00:00:00.000Z"), 1).toISOString()).toBe("2027-01-15T00:00:00.000Z");
    expect(addMonths(at("2026-01-31T00:00:00.000Z"), -2).toISOString()).toBe("2025-11-30T00:00:00.000Z");
  });

  it("refuse fractions of a month", () => {
    expect(() => addMonths(now, 1.5)).toThrow(RangeError);
  });

  it("always land in the intended month, never overflowing", () => {
    fc.assert(
      fc.property(
        fc.date({ min: at("1970-01-01T00:00:00.000Z"), max: at("2200-01-01T00:00:00.000Z"), noInvalidDate: true }),
        fc.integer({ min: -240, max: 240 }),
        (date, months) => {
          const result = addMonths(date, months);
          const expected = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
          return (
            result.getUTCFullYear() * 12 + result.getUTCMonth() === expected &&
            result.getUTCDate() <= date.getUTCDate() &&
            result.getUTCHours() === date.getUTCHours()
          );
        },
      ),
    );
  });
});

describe("paid until and expiry", () => {
  it("add one period from the anchor", () => {
    expect(paidUntil(at("2026-01-31T00:00:00.000Z"), "monthly").toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(paidUntil(at("2026-01-31T00:00:00.000Z"), "annually").toISOString()).toBe("2027-01-31T00:00:00.000Z");
  });

  it("count several periods from the anchor without drifting", () => {
    expect(paidUntil(at("2026-01-31T00:00:00.000Z"), "monthly", 2).toISOString()).toBe("2026-03-31T00:00:00.000Z");
  });

  it("add the grace period to the paid time", () => {
    expect(GRACE_PERIOD_DAYS).toBe(7);
    expect(membershipExpiry(at("2026-02-28T00:00:00.000Z")).toISOString()).toBe("2026-03-07T00:00:00.000Z");
  });

  it("only ever extend a membership", () => {
    const until = at("2026-04-01T00:00:00.000Z");
    expect(extendedExpiry(undefined, until)?.toISOString()).toBe("2026-04-08T00:00:00.000Z");
    expect(extendedExpiry(at("2026-03-01T00:00:00.000Z"), until)?.toISOString()).toBe("2026-04-08T00:00:00.000Z");
    expect(extendedExpiry(at("2027-01-01T00:00:00.000Z"), until)?.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(extendedExpiry(null, until)).toBeNull();
  });
});

describe("renewal date", () => {
  const base = {
    memberRole: { dateAdded: at("2025-06-30T09:00:00.000Z"), dateExpires: null },
    cancelledAt: null,
    type: "Automatic",
    period: "monthly",
    now,
  } as const;

  it("is the expiry less the grace period", () => {
    const memberRole = { ...base.memberRole, dateExpires: at("2026-04-08T00:00:00.000Z") };
    expect(renewalDate({ ...base, memberRole })?.toISOString()).toBe("2026-04-01T00:00:00.000Z");
  });

  it("is in the past while the payment after the paid time is collected", () => {
    const memberRole = { ...base.memberRole, dateExpires: at("2026-03-20T00:00:00.000Z") };
    expect(renewalDate({ ...base, memberRole })?.toISOString()).toBe("2026-03-13T00:00:00.000Z");
  });

  it("is the next anniversary of the start for annual contributions without an expiry", () => {
    expect(renewalDate({ ...base, period: "annually" })?.toISOString()).toBe("2026-06-30T09:00:00.000Z");
  });

  it("is a month from now otherwise", () => {
    expect(renewalDate(base)?.toISOString()).toBe("2026-04-15T12:00:00.000Z");
    const endOfJanuary = at("2026-01-31T12:00:00.000Z");
    const memberRole = { ...base.memberRole, dateAdded: at("2025-01-01T00:00:00.000Z") };
    expect(renewalDate({ ...base, memberRole, now: endOfJanuary })?.toISOString()).toBe("2026-02-28T12:00:00.000Z");
  });

  it("is capped at one period from now", () => {
    const memberRole = { ...base.memberRole, dateExpires: at("2027-12-31T00:00:00.000Z") };
    expect(renewalDate({ ...base, memberRole })?.toISOString()).toBe("2026-04-15T12:00:00.000Z");
    expect(renewalDate({ ...base, memberRole, period: "annually" })?.toISOString()).toBe("2027-03-15T12:00:00.000Z");
  });

  it("is absent when cancelled, inactive, without a role or for type None", () => {
    expect(renewalDate({ ...base, cancelledAt: now })).toBeUndefined();
    expect(renewalDate({ ...base, type: "None" })).toBeUndefined();
    expect(renewalDate({ ...base, memberRole: undefined })).toBeUndefined();
    const expired = { ...base.memberRole, dateExpires: at("2026-03-01T00:00:00.000Z") };
    expect(renewalDate({ ...base, memberRole: expired })).toBeUndefined();
  });

  it("finds anniversaries across leap days", () => {
    const leapDay = at("2024-02-29T00:00:00.000Z");
    expect(nextAnniversary(leapDay, at("2026-01-01T00:00:00.000Z")).toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(nextAnniversary(leapDay, at("2026-02-28T00:00:00.000Z")).toISOString()).toBe("2027-02-28T00:00:00.000Z");
    expect(nextAnniversary(leapDay, at("2024-01-01T00:00:00.000Z")).toISOString()).toBe("2024-02-29T00:00:00.000Z");
  });

  it("gives the first anniversary after now", () => {
    fc.assert(
      fc.property(
        fc.date({ min: at("1990-01-01T00:00:00.000Z"), max: at("2100-01-01T00:00:00.000Z"), noInvalidDate: true }),
        fc.integer({ min: 0, max: 40 * 365 * 86_400_000 }),
        (start, later) => {
          const when = new Date(start.getTime() + later);
          const next = nextAnniversary(start, when);
          return next > when && addMonths(next, -12) <= when;
        },
      ),
    );
  });
});

describe("changing a contribution", () => {
  const input = {
    hasPendingPayment: false,
    isActiveMember: true,
    currentPeriod: "monthly",
    newPeriod: "monthly",
  } as const;

  it("is allowed when nothing stands in the way", () => {
    expect(contributionChangeRefusal(input)).toBeNull();
    expect(canChangeContribution({ ...input, currentPeriod: "monthly", newPeriod: "annually" })).toBe(true);
    expect(canChangeContribution({ ...input, currentPeriod: null, hasPaymentMethod: true })).toBe(true);
  });

  it("is refused while a payment is pending, whatever the change", () => {
    expect(contributionChangeRefusal({ ...input, hasPendingPayment: true })).toBe("payment-pending");
    expect(canChangeContribution({ ...input, hasPendingPayment: true, newPeriod: "annually" })).toBe(false);
  });

  it("is refused from annual to monthly for an active member only", () => {
    const annual = { ...input, currentPeriod: "annually" } as const;
    expect(contributionChangeRefusal(annual)).toBe("annual-to-monthly");
    expect(canChangeContribution({ ...annual, isActiveMember: false })).toBe(true);
    expect(canChangeContribution({ ...annual, newPeriod: "annually" })).toBe(true);
  });

  it("needs a stored payment method when none comes with the change", () => {
    expect(contributionChangeRefusal({ ...input, hasPaymentMethod: false })).toBe("no-payment-method");
  });

  it("lets the payment method change unless a payment is pending", () => {
    expect(canChangePaymentMethod({ hasPendingPayment: false })).toBe(true);
    expect(canChangePaymentMethod({ hasPendingPayment: true })).toBe(false);
  });
});

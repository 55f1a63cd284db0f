import { describe, expect, it } from "vitest";
import {
  activeRoleNames,
  displayName,
  isRoleActive,
  mayGrantRole,
  mayManageContact,
  membershipStatus,
  periodAmount,
  renewalDate,
  standingStaffRoles,
} from "./rules.js";

const now = new Date("2026-06-15T12:00:00.000Z");
const daysFromNow = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe("roles", () => {
  it("are active from their start to their expiry, inclusive", () => {
    expect(isRoleActive({ dateAdded: now, dateExpires: now }, now)).toBe(true);
    expect(isRoleActive({ dateAdded: daysFromNow(1), dateExpires: null }, now)).toBe(false);
    expect(isRoleActive({ dateAdded: daysFromNow(-10), dateExpires: daysFromNow(-1) }, now)).toBe(false);
    expect(isRoleActive({ dateAdded: daysFromNow(-10), dateExpires: null }, now)).toBe(true);
  });

  it("superadmin is given by a superadmin only; the other roles by any admin", () => {
    expect(mayGrantRole(["admin", "member"], "superadmin")).toBe(false);
    expect(mayGrantRole(["admin"], "admin")).toBe(true);
    expect(mayGrantRole(["admin"], "member")).toBe(true);
    expect(mayGrantRole(["superadmin", "admin"], "superadmin")).toBe(true);
  });

  it("nobody manages a contact whose rights exceed their own", () => {
    expect(mayManageContact(["admin"], ["superadmin"])).toBe(false);
    expect(mayManageContact(["admin", "member"], ["superadmin", "admin"])).toBe(false);
    expect(mayManageContact(["member"], ["admin"])).toBe(false);
    expect(mayManageContact(["admin"], ["admin"])).toBe(true);
    expect(mayManageContact(["admin"], [])).toBe(true);
    expect(mayManageContact(["superadmin", "admin"], ["superadmin"])).toBe(true);
  });

  it("count staff roles that start later, and not those that ended", () => {
    const roles = [
      { role: "member" as const, dateExpires: null },
      { role: "superadmin" as const, dateExpires: null },
      { role: "admin" as const, dateExpires: daysFromNow(-1).toISOString() },
    ];
    expect(standingStaffRoles(roles, now)).toEqual(["superadmin"]);
    expect(standingStaffRoles([{ role: "admin", dateExpires: now }], now)).toEqual(["admin"]);
  });

  it("a superadmin is an admin too, once", () => {
    const roles = [
      { role: "superadmin" as const, dateAdded: daysFromNow(-1), dateExpires: null },
      { role: "member" as const, dateAdded: daysFromNow(-1), dateExpires: daysFromNow(-0.5) },
    ];
    expect(activeRoleNames(roles, now)).toEqual(["superadmin", "admin"]);
    expect(activeRoleNames([...roles, { role: "admin", dateAdded: daysFromNow(-1), dateExpires: null }], now)).toEqual([
      "superadmin",
      "admin",
    ]);
  });
});

describe("membership status", () => {
  const active = { dateAdded: daysFromNow(-30), dateExpires: daysFromNow(30) };
  it("follows the member role and the cancellation", () => {
    expect(membershipStatus(undefined, null, now)).toBe("none");
    expect(membershipStatus({ dateAdded: daysFromNow(-30), dateExpires: daysFromNow(-1) }, null, now)).toBe("expired");
    expect(membershipStatus(active, daysFromNow(-2), now)).toBe("expiring");
    expect(membershipStatus(active, null, now)).toBe("active");
  });
});

describe("renewal date", () => {
  const base = { cancelledAt: null, type: "Automatic" as const, now };
  it("is the expiry less the 7-day grace period", () => {
    const memberRole = { dateAdded: daysFromNow(-100), dateExpires: daysFromNow(20) };
    expect(renewalDate({ ...base, memberRole, period: "monthly" })).toEqual(daysFromNow(13));
  });
  it("is the next anniversary for annual members without an expiry", () => {
    const memberRole = { dateAdded: new Date("2024-08-01T00:00:00.000Z"), dateExpires: null };
    expect(renewalDate({ ...base, memberRole, period: "annually" })).toEqual(new Date("2026-08-01T00:00:00.000Z"));
  });
  it("is at most one period away", () => {
    const memberRole = { dateAdded: daysFromNow(-10), dateExpires: daysFromNow(400) };
    expect(renewalDate({ ...base, memberRole, period: "monthly" })).toEqual(new Date("2026-07-15T12:00:00.000Z"));
  });
  it("is absent for cancelled, non-paying or lapsed members", () => {
    const memberRole = { dateAdded: daysFromNow(-10), dateExpires: daysFromNow(30) };
    expect(renewalDate({ ...base, memberRole, period: "monthly", cancelledAt: now })).toBeUndefined();
    expect(renewalDate({ ...base, memberRole, period: "monthly", type: "None" })).toBeUndefined();
    expect(renewalDate({ ...base, memberRole: undefined, period: "monthly" })).toBeUndefined();
  });
});

describe("display helpers", () => {
  it("names people, falling back to their email", () => {
    expect(displayName({ firstname: "Ana", lastname: "Lima", email: "a@x.org" })).toBe("Ana Lima");
    expect(displayName({ firstname: "", lastname: "", email: "a@x.org" })).toBe("a@x.org");
  });
  it("turns minor units into the per-period amount", () => {
    expect(periodAmount(550)).toBe(5.5);
    expect(periodAmount(0)).toBeUndefined();
    expect(periodAmount(null)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import type { GuardInput } from "./guard";
import { guardRoute, homePath } from "./guard";

const member = { activeRoles: ["member" as const] };
const admin = { activeRoles: ["member" as const, "admin" as const] };
const reviewer = { activeRoles: ["member" as const], isReviewer: true };

function input(overrides: Omit<Partial<GuardInput>, "meta"> & { meta?: Partial<GuardInput["meta"]> } = {}): GuardInput {
  return {
    user: member,
    isInFrame: false,
    isReviewerMode: false,
    target: "/profile",
    ...overrides,
    meta: { noLogin: false, admin: false, staff: false, embeddable: false, noReviewerMode: false, ...overrides.meta },
  };
}

describe("guardRoute", () => {
  it("lets a member open a page that needs a login", () => {
    expect(guardRoute(input())).toEqual({ kind: "allow" });
  });

  it("cancels pages that are not embeddable inside a frame", () => {
    expect(guardRoute(input({ isInFrame: true }))).toEqual({ kind: "cancel", reason: "frame" });
    expect(guardRoute(input({ isInFrame: true, meta: { embeddable: true } }))).toEqual({ kind: "allow" });
  });

  it("checks the frame before anything else", () => {
    expect(guardRoute(input({ isInFrame: true, user: null, meta: { admin: true } }))).toEqual({
      kind: "cancel",
      reason: "frame",
    });
  });

  it("blocks no-reviewer-mode pages in reviewer mode only", () => {
    const join = { noLogin: true, noReviewerMode: true, embeddable: true };
    expect(guardRoute(input({ isReviewerMode: true, meta: join }))).toEqual({
      kind: "cancel",
      reason: "reviewer-mode",
    });
    expect(guardRoute(input({ isReviewerMode: false, meta: join }))).toEqual({ kind: "allow" });
  });

  it("sends visitors without a session to the login page with the attempted path", () => {
    expect(guardRoute(input({ user: null, target: "/profile?tab=1" }))).toEqual({
      kind: "redirect",
      to: "/auth/login?next=%2Fprofile%3Ftab%3D1",
    });
  });

  it("lets visitors open no-login pages", () => {
    expect(guardRoute(input({ user: null, meta: { noLogin: true } }))).toEqual({ kind: "allow" });
  });

  it("refuses admin pages to people without the admin role", () => {
    expect(guardRoute(input({ meta: { admin: true } }))).toEqual({ kind: "cancel", reason: "unauthorized" });
    expect(guardRoute(input({ user: admin, meta: { admin: true } }))).toEqual({ kind: "allow" });
  });

  it("opens staff pages to admins and reviewers, never to other members", () => {
    const staff = { meta: { staff: true }, target: "/admin/callouts" };
    expect(guardRoute(input(staff))).toEqual({ kind: "cancel", reason: "unauthorized" });
    expect(guardRoute(input({ ...staff, user: reviewer }))).toEqual({ kind: "allow" });
    expect(guardRoute(input({ ...staff, user: admin }))).toEqual({ kind: "allow" });
    expect(guardRoute(input({ meta: { admin: true }, user: reviewer }))).toEqual({
      kind: "cancel",
      reason: "unauthorized",
    });
  });

  it("asks for a login before judging the role", () => {
    expect(guardRoute(input({ user: null, target: "/admin", meta: { admin: true } }))).toEqual({
      kind: "redirect",
      to: "/auth/login?next=%2Fadmin",
    });
  });
});

describe("homePath", () => {
  it("sends admins to the admin area", () => {
    expect(homePath({ ...admin, isReviewer: true }, true)).toBe("/admin");
  });

  it("sends reviewers to the callouts list in reviewer mode", () => {
    expect(homePath({ ...member, isReviewer: true }, true)).toBe("/admin/callouts");
    expect(homePath({ ...member, isReviewer: true }, false)).toBe("/profile");
  });

  it("sends everyone else to their profile", () => {
    expect(homePath({ activeRoles: [] }, false)).toBe("/profile");
  });
});

import { describe, expect, it } from "vitest";
import type { GuestValues } from "./guest-rule";
import { emptyGuest, guestRule } from "./guest-rule";

const sam: GuestValues = { firstname: " Sam ", lastname: "Reader", email: "sam@example.org" };

describe("guestRule", () => {
  it("asks nobody who is logged in, and nobody on a callout that keeps responses anonymous", () => {
    expect(guestRule({ access: "guest", isLoggedIn: true, isOptedIn: false, values: emptyGuest })).toMatchObject({
      isShown: false,
      guest: undefined,
    });
    expect(guestRule({ access: "only-anonymous", isLoggedIn: false, isOptedIn: true, values: sam }).isShown).toBe(
      false,
    );
  });

  it("requires all three fields when the callout asks for contact details", () => {
    const rule = guestRule({ access: "guest", isLoggedIn: false, isOptedIn: false, values: emptyGuest });
    expect(rule).toMatchObject({ isShown: true, isRequired: true, guest: undefined });
    expect(rule.errors).toEqual({ firstname: "required", lastname: "required", email: "required" });
  });

  it("leaves them optional on an anonymous callout until one is filled in", () => {
    const empty = guestRule({ access: "anonymous", isLoggedIn: false, isOptedIn: false, values: emptyGuest });
    expect(empty).toMatchObject({ isShown: true, isRequired: false, errors: {}, guest: undefined });

    const partial = guestRule({
      access: "anonymous",
      isLoggedIn: false,
      isOptedIn: false,
      values: { ...emptyGuest, firstname: "Sam" },
    });
    expect(partial.isRequired).toBe(true);
    expect(partial.errors).toEqual({ lastname: "required", email: "required" });
  });

  it("requires them when the visitor opts in to the newsletter", () => {
    const rule = guestRule({ access: "anonymous", isLoggedIn: false, isOptedIn: true, values: emptyGuest });
    expect(rule.isRequired).toBe(true);
    expect(Object.keys(rule.errors)).toHaveLength(3);
  });

  it("checks the email and sends the trimmed fields only when all are complete", () => {
    const wrong = guestRule({
      access: "anonymous",
      isLoggedIn: false,
      isOptedIn: false,
      values: { ...sam, email: "sam@" },
    });
    expect(wrong.errors).toEqual({ email: "invalidEmail" });
    expect(wrong.guest).toBeUndefined();

    const right = guestRule({ access: "anonymous", isLoggedIn: false, isOptedIn: false, values: sam });
    expect(right.guest).toEqual({ firstname: "Sam", lastname: "Reader", email: "sam@example.org" });
  });
});

import { describe, expect, it } from "vitest";
import { createContactSchema, emailSchema, getContactQuerySchema, passwordSchema } from "./schemas.js";
import { englishMessage } from "../validation/index.js";

describe("contact schemas", () => {
  it("normalise emails and explain bad ones", () => {
    expect(emailSchema.parse("  Someone@Example.ORG ")).toBe("someone@example.org");
    expect(englishMessage(emailSchema.safeParse("").error?.issues[0]?.message ?? "")).toBe("Email is required");
    expect(englishMessage(emailSchema.safeParse("nope").error?.issues[0]?.message ?? "")).toBe("Invalid email address");
  });

  it("accept `with` as one value or many", () => {
    expect(getContactQuerySchema.parse({ with: "roles" }).with).toEqual(["roles"]);
    expect(getContactQuerySchema.parse({ with: ["roles", "profile"] }).with).toEqual(["roles", "profile"]);
    expect(getContactQuerySchema.parse({}).with).toEqual([]);
    expect(getContactQuerySchema.safeParse({ with: "secrets" }).success).toBe(false);
  });

  it("refuse a role given twice or expiring before it starts", () => {
    const role = { role: "member", dateAdded: "2026-01-01T00:00:00.000Z" };
    expect(createContactSchema.safeParse({ email: "a@b.org", roles: [role, role] }).success).toBe(false);
    const backwards = { ...role, dateExpires: "2025-01-01T00:00:00.000Z" };
    expect(createContactSchema.safeParse({ email: "a@b.org", roles: [backwards] }).success).toBe(false);
  });
});

describe("passwords", () => {
  it("need 8 characters with a number, an uppercase and a lowercase letter", () => {
    for (const weak of ["Short1", "alllowercase1", "ALLUPPERCASE1", "NoDigitsHere"]) {
      expect(passwordSchema.safeParse(weak).success, weak).toBe(false);
    }
    expect(passwordSchema.safeParse("Strong-enough1").success).toBe(true);
    expect(passwordSchema.safeParse("Ünïcödé-lëttërs1").success).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { englishMessage } from "../validation/index.js";
import { isTelephoneNumber } from "./constants.js";
import { contactImportRowSchema } from "./import.js";
import { profileInputSchema, telephoneSchema } from "./schemas.js";

describe("the telephone rule", () => {
  it.each(["+44 20 7946 0000", "030/1234567", "(0)20-7946.0000", "+1 (555) 010-9999", "12345", "+491234567890123"])(
    "accepts %s",
    (value) => expect(isTelephoneNumber(value)).toBe(true),
  );

  it.each(["1234", "+4912345678901234", "call me", "+44 20 ext 5", "44+20", "++4420794600", "0800 FLOWERS"])(
    "refuses %s",
    (value) => expect(isTelephoneNumber(value)).toBe(false),
  );

  it("lets a profile clear its number and refuses a bad one with its message", () => {
    expect(telephoneSchema.parse("  ")).toBe("");
    const refused = profileInputSchema.safeParse({ telephone: "call me" });
    expect(englishMessage(refused.error?.issues[0]?.message ?? "")).toBe(
      "Enter 5 to 15 digits, optionally starting with a plus sign",
    );
  });

  it("holds imported rows to the same rule and limits as the API", () => {
    const row = contactImportRowSchema.safeParse({
      email: "ada@example.org",
      telephone: "call me",
      firstname: "x".repeat(101),
    });
    const messages = Object.fromEntries(
      (row.error?.issues ?? []).map((issue) => [issue.path.join("."), englishMessage(issue.message)]),
    );
    expect(messages).toEqual({
      telephone: "Enter 5 to 15 digits, optionally starting with a plus sign",
      firstname: "Maximum length of 100 characters exceeded",
    });
    expect(contactImportRowSchema.parse({ email: "ada@example.org", telephone: "+44 20 7946 0000" }).telephone).toBe(
      "+44 20 7946 0000",
    );
  });
});

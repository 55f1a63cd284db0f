import { describe, expect, it } from "vitest";
import { message } from "@cohort/common/validation";
import { addContactFormSchema, emptyAddress, toCreateContact, type AddContactFormInput } from "./contact-form-schema";

const base: AddContactFormInput = {
  firstname: "Ola",
  lastname: "Nordmann",
  email: "ola@example.org",
  password: "",
  profile: { telephone: "", newsletterStatus: "none", deliveryOptIn: false, deliveryAddress: emptyAddress, notes: "" },
  roles: [],
  contribution: { type: "None", amount: "", period: "monthly", source: "" },
  tags: [],
};

describe("the add-contact form", () => {
  it("sends no contribution or tags when none are chosen", () => {
    const payload = toCreateContact(addContactFormSchema.parse(base));
    expect(payload).not.toHaveProperty("contribution");
    expect(payload).not.toHaveProperty("tags");
  });

  it("sends a manual contribution as a number and the ticked tags", () => {
    const values = addContactFormSchema.parse({
      ...base,
      contribution: { type: "Manual", amount: "7.50", period: "annually", source: "Standing order" },
      tags: ["2c1d8f0e-5b1a-4c3d-9e8f-7a6b5c4d3e2f"],
    });
    expect(toCreateContact(values)).toMatchObject({
      contribution: { type: "Manual", amount: 7.5, period: "annually", source: "Standing order" },
      tags: ["2c1d8f0e-5b1a-4c3d-9e8f-7a6b5c4d3e2f"],
    });
  });

  it("asks for a valid amount when the contribution is recorded by hand", () => {
    for (const [amount, expected] of [
      ["", message("validation.required")],
      ["0", message("validation.amountInvalid")],
      ["5.555", message("validation.amountInvalid")],
      ["five", message("validation.amountInvalid")],
    ] as const) {
      const result = addContactFormSchema.safeParse({
        ...base,
        contribution: { ...base.contribution, type: "Manual", amount },
      });
      expect(
        result.error?.issues.find((issue) => issue.path.join(".") === "contribution.amount")?.message,
        amount,
      ).toBe(expected);
    }
  });

  it("checks the telephone number by the shared rule", () => {
    const check = (telephone: string) =>
      addContactFormSchema
        .safeParse({ ...base, profile: { ...base.profile, telephone } })
        .error?.issues.find((issue) => issue.path.join(".") === "profile.telephone")?.message;
    expect(check("+44 (0)20 7946-0000")).toBeUndefined();
    expect(check("")).toBeUndefined();
    expect(check("call me")).toBe(message("validation.phoneInvalid"));
    expect(check("1".repeat(51))).toBe(message("validation.tooLong", { max: 50 }));
  });
});

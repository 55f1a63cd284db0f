import { describe, expect, it } from "vitest";
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
    for (const [amount, message] of [
      ["", "This field is required"],
      ["0", "validation.amountInvalid"],
      ["5.555", "validation.amountInvalid"],
      ["five", "validation.amountInvalid"],
    ] as const) {
      const result = addContactFormSchema.safeParse({
        ...base,
        contribution: { ...base.contribution, type: "Manual", amount },
      });
      expect(
        result.error?.issues.find((issue) => issue.path.join(".") === "contribution.amount")?.message,
        amount,
      ).toBe(message);
    }
  });
});

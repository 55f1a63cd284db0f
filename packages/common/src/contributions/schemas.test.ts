import { describe, expect, it } from "vitest";
import { InvalidRuleError, validateRuleGroup } from "../filters/validate.js";
import { englishMessage } from "../validation/index.js";
import {
  completeFlowSchema,
  confirmEmailSchema,
  contributionInputSchema,
  forceContributionSchema,
  makeContributionInputSchema,
  makeUpdateContributionSchema,
  paymentFlowParamsSchema,
  paymentMethodUpdateSchema,
  signupCompleteSchema,
  signupSchema,
  updateContributionSchema,
} from "./schemas.js";
import {
  contributionInfoSchema,
  listPaymentsQuerySchema,
  paymentFilterFields,
  paymentSchema,
  paymentSourceSchema,
} from "../payments/index.js";

const contribution = {
  amount: 5,
  period: "monthly",
  payFee: true,
  paymentMethod: "s_card",
  completeUrl: "https://news.example.org/profile/contribution/complete",
} as const;

/** The first issue's path and message, or "ok". */
function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.join(".")}: ${englishMessage(issue.message)}` : "ok";
}

describe("contribution input", () => {
  it("accepts a monthly contribution and keeps payFee, dropping prorate", () => {
    const parsed = contributionInputSchema.parse({ ...contribution, prorate: true });
    expect(parsed).toEqual({ ...contribution, payFee: true, prorate: false });
  });

  it("accepts an annual contribution with proration, payFee defaulting to false", () => {
    const annual = { ...contribution, amount: 60, period: "annually", payFee: undefined, prorate: true };
    expect(contributionInputSchema.parse(annual)).toMatchObject({ payFee: false, prorate: true });
  });

  it("needs the minimum per month, twelve times it per year", () => {
    expect(firstIssue(contributionInputSchema.safeParse({ ...contribution, amount: 0.99 }))).toBe(
      "amount: This field must be at least 1",
    );
    const annual = { ...contribution, period: "annually", payFee: false };
    expect(firstIssue(contributionInputSchema.safeParse({ ...annual, amount: 11.99 }))).toBe(
      "amount: This field must be at least 12",
    );
    expect(contributionInputSchema.safeParse({ ...annual, amount: 12 }).success).toBe(true);
    const strict = makeContributionInputSchema({ minMonthlyAmount: 2.5, showAbsorbFee: true });
    expect(firstIssue(strict.safeParse({ ...annual, amount: 29.99 }))).toBe("amount: This field must be at least 30");
  });

  it("refuses more than two decimals, negative and missing amounts", () => {
    expect(firstIssue(contributionInputSchema.safeParse({ ...contribution, amount: 5.555 }))).toBe(
      "amount: Use at most two decimals",
    );
    expect(contributionInputSchema.safeParse({ ...contribution, amount: -5 }).success).toBe(false);
    const { amount: _amount, ...noAmount } = contribution;
    expect(firstIssue(contributionInputSchema.safeParse(noAmount))).toBe("amount: This field is required");
  });

  it("refuses the fee on annual contributions", () => {
    const annual = { ...contribution, amount: 60, period: "annually", payFee: true };
    expect(firstIssue(contributionInputSchema.safeParse(annual))).toMatch(/^payFee: /);
  });

  it("refuses the fee when it is not offered", () => {
    const hidden = makeContributionInputSchema({ minMonthlyAmount: 1, showAbsorbFee: false });
    expect(firstIssue(hidden.safeParse(contribution))).toBe("payFee: Paying the fee is not offered");
    expect(hidden.parse({ ...contribution, amount: 1, payFee: false }).payFee).toBe(false);
  });

  it("needs the fee on a monthly contribution of exactly 1 when it is offered", () => {
    expect(firstIssue(contributionInputSchema.safeParse({ ...contribution, amount: 1, payFee: false }))).toMatch(
      /^payFee: /,
    );
    expect(contributionInputSchema.safeParse({ ...contribution, amount: 1 }).success).toBe(true);
    expect(contributionInputSchema.safeParse({ ...contribution, amount: 1.01, payFee: false }).success).toBe(true);
  });

  it("checks the payment method and the return URL", () => {
    expect(contributionInputSchema.safeParse({ ...contribution, paymentMethod: "cash" }).success).toBe(false);
    for (const url of [
      "http://localhost:3000/profile/contribution/complete",
      "https://a.example/x?y=1",
      "http://[::1]:3000/",
    ]) {
      expect(contributionInputSchema.safeParse({ ...contribution, completeUrl: url }).success, url).toBe(true);
    }
    for (const url of ["http://intranet/complete", "ftp://example.org/x", "javascript:alert(1)", "not a url"]) {
      expect(firstIssue(contributionInputSchema.safeParse({ ...contribution, completeUrl: url })), url).toBe(
        "completeUrl: Invalid URL",
      );
    }
    const { completeUrl: _url, ...noUrl } = contribution;
    expect(firstIssue(contributionInputSchema.safeParse(noUrl))).toBe("completeUrl: URL is required");
  });

  it("refuses unknown properties", () => {
    expect(contributionInputSchema.safeParse({ ...contribution, currency: "GBP" }).success).toBe(false);
  });
});

describe("contribution update", () => {
  it("takes amount and period without a method or URL", () => {
    expect(updateContributionSchema.parse({ amount: 7.5, period: "monthly", payFee: false, prorate: false })).toEqual({
      amount: 7.5,
      period: "monthly",
      payFee: false,
      prorate: false,
    });
    expect(
      updateContributionSchema.safeParse({ amount: 7.5, period: "monthly", paymentMethod: "s_card" }).success,
    ).toBe(false);
    expect(updateContributionSchema.safeParse({ amount: 7.5 }).success).toBe(false);
  });

  it("applies the organisation's rules", () => {
    const schema = makeUpdateContributionSchema({ minMonthlyAmount: 3, showAbsorbFee: false });
    expect(firstIssue(schema.safeParse({ amount: 2, period: "monthly" }))).toBe(
      "amount: This field must be at least 3",
    );
  });
});

describe("forced contribution", () => {
  it("records a manual contribution with or without amount and period", () => {
    const full = { type: "Manual", amount: 10, period: "monthly", source: " Standing order ", reference: "SO-1" };
    expect(forceContributionSchema.parse(full)).toMatchObject({ source: "Standing order" });
    expect(forceContributionSchema.safeParse({ type: "Manual" }).success).toBe(true);
    expect(forceContributionSchema.safeParse({ type: "None", source: null }).success).toBe(true);
  });

  it("takes amount and period together or not at all", () => {
    expect(firstIssue(forceContributionSchema.safeParse({ type: "Manual", amount: 10 }))).toBe(
      "period: This field is required",
    );
    expect(firstIssue(forceContributionSchema.safeParse({ type: "Manual", period: "annually" }))).toBe(
      "amount: This field is required",
    );
  });

  it("refuses an amount without a contribution, zero amounts and other types", () => {
    expect(forceContributionSchema.safeParse({ type: "None", amount: 5, period: "monthly" }).success).toBe(false);
    expect(firstIssue(forceContributionSchema.safeParse({ type: "Manual", amount: 0, period: "monthly" }))).toBe(
      "amount: This field must be at least 0.01",
    );
    expect(forceContributionSchema.safeParse({ type: "Automatic" }).success).toBe(false);
  });
});

describe("payment flows", () => {
  it("update the payment method with or without a new one", () => {
    expect(paymentMethodUpdateSchema.safeParse({ completeUrl: contribution.completeUrl }).success).toBe(true);
    const withMethod = { completeUrl: contribution.completeUrl, paymentMethod: "gc_direct-debit" };
    expect(paymentMethodUpdateSchema.safeParse(withMethod).success).toBe(true);
    expect(paymentMethodUpdateSchema.safeParse({ paymentMethod: "s_card" }).success).toBe(false);
  });

  it("complete with the provider's id", () => {
    expect(completeFlowSchema.parse({ paymentFlowId: " seti_123 " })).toEqual({ paymentFlowId: "seti_123" });
    expect(firstIssue(completeFlowSchema.safeParse({ paymentFlowId: "" }))).toBe(
      "paymentFlowId: This field is required",
    );
    expect(completeFlowSchema.safeParse({}).success).toBe(false);
  });

  it("answer with a client secret or a redirect", () => {
    expect(paymentFlowParamsSchema.parse({ clientSecret: "seti_1_secret_2" })).toEqual({
      clientSecret: "seti_1_secret_2",
    });
    const redirect = { redirectUrl: "https://pay.example.com/flow/RE1" };
    expect(paymentFlowParamsSchema.parse(redirect)).toEqual(redirect);
    expect(paymentFlowParamsSchema.safeParse({}).success).toBe(false);
  });
});

describe("contribution info", () => {
  it("reads every payment source variant", () => {
    const sources = [
      { method: "s_card", isLink: false, last4: "4242", expiryMonth: 12, expiryYear: 2030 },
      { method: "s_card", isLink: true, email: "payer@example.org" },
      { method: "s_sepa", country: "DE", bankCode: "37040044", branchCode: "", last4: "3000" },
      { method: "s_bacs", sortCode: "108800", last4: "2345" },
      { method: "s_paypal", payerEmail: "payer@example.org", payerId: "P1" },
      { method: "gc_direct-debit", bankName: "Bank", accountHolderName: "A Person", accountNumberEnding: "11" },
      { method: null, source: "Standing order", reference: "SO-1" },
      { method: null },
      { method: "s_ideal" },
    ];
    for (const source of sources) expect(paymentSourceSchema.parse(source), source.method ?? "manual").toEqual(source);
    expect(paymentSourceSchema.safeParse({ method: "cash" }).success).toBe(false);
  });

  it("reads a full contribution", () => {
    const info = {
      type: "Automatic",
      amount: 5.5,
      period: "monthly",
      payFee: true,
      paymentSource: { method: "s_card", isLink: false, last4: "4242", expiryMonth: 1, expiryYear: 2031 },
      hasPendingPayment: false,
      membershipStatus: "active",
      membershipExpiryDate: "2026-04-08T00:00:00.000Z",
      renewalDate: "2026-04-01T00:00:00.000Z",
    };
    expect(contributionInfoSchema.parse(info)).toEqual(info);
    expect(contributionInfoSchema.safeParse({ type: "None" }).success).toBe(false);
  });
});

describe("payments", () => {
  const payment = {
    id: "3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b",
    amount: 5.5,
    chargeDate: "2026-03-01T00:00:00.000Z",
    status: "successful",
  };

  it("carry an id, a contact only when asked for, null once deleted", () => {
    expect(paymentSchema.parse(payment)).toEqual(payment);
    expect(paymentSchema.parse({ ...payment, contact: null }).contact).toBeNull();
    const { id: _id, ...withoutId } = payment;
    expect(paymentSchema.safeParse(withoutId).success).toBe(false);
    expect(paymentSchema.safeParse({ ...payment, status: "paid" }).success).toBe(false);
  });

  it("list with pagination, sorting, rules and the contact", () => {
    const query = listPaymentsQuerySchema.parse({
      sort: "chargeDate",
      order: "DESC",
      limit: "10",
      with: "contact",
      rules: '{"condition":"AND","rules":[{"field":"amount","operator":"greater","value":[5]}]}',
    });
    expect(query).toMatchObject({ sort: "chargeDate", order: "DESC", limit: 10, offset: 0, with: ["contact"] });
    expect(listPaymentsQuerySchema.safeParse({ sort: "status" }).success).toBe(false);
    expect(listPaymentsQuerySchema.safeParse({ contactId: "x" }).success).toBe(false);
  });

  it("filter on the catalogued fields only", () => {
    const context = { now: new Date("2026-03-15T00:00:00Z"), contactId: payment.id };
    const group = {
      condition: "AND" as const,
      rules: [
        { field: "contact", operator: "equal" as const, value: ["me"] },
        { field: "status", operator: "equal" as const, value: ["pending"] },
        { field: "chargeDate", operator: "greater" as const, value: ["$now(M:-1)"] },
        { field: "amount", operator: "between" as const, value: [1, 10] },
      ],
    };
    expect(() => validateRuleGroup(group, paymentFilterFields, context)).not.toThrow();
    const wrong = {
      condition: "AND" as const,
      rules: [{ field: "status", operator: "equal" as const, value: ["paid"] }],
    };
    expect(() => validateRuleGroup(wrong, paymentFilterFields, context)).toThrow(InvalidRuleError);
  });
});

describe("signup", () => {
  const urls = {
    loginUrl: "https://news.example.org/auth/login",
    setPasswordUrl: "https://news.example.org/auth/set-password",
    confirmUrl: "http://localhost:3000/join/confirm-email",
  };

  it("starts a free or a paid join", () => {
    expect(signupSchema.parse({ email: " New@Example.org ", ...urls })).toMatchObject({ email: "new@example.org" });
    const paid = signupSchema.parse({ email: "new@example.org", password: "Secret-pass1", ...urls, contribution });
    expect(paid.contribution).toMatchObject({ amount: 5, payFee: true, prorate: false });
  });

  it("needs the email and the three links, and checks the contribution", () => {
    expect(firstIssue(signupSchema.safeParse({ ...urls }))).toBe("email: Email is required");
    expect(firstIssue(signupSchema.safeParse({ email: "a@b.org", ...urls, confirmUrl: undefined }))).toBe(
      "confirmUrl: URL is required",
    );
    const tooSmall = { email: "a@b.org", ...urls, contribution: { ...contribution, amount: 0.5 } };
    expect(firstIssue(signupSchema.safeParse(tooSmall))).toBe("contribution.amount: This field must be at least 1");
  });

  it("completes with names and an EU VAT number", () => {
    const body = { paymentFlowId: "RE123", firstname: " Ada ", vatNumber: "de 123.456.789" };
    expect(signupCompleteSchema.parse(body)).toEqual({
      paymentFlowId: "RE123",
      firstname: "Ada",
      vatNumber: "DE123456789",
    });
    expect(firstIssue(signupCompleteSchema.safeParse({ ...body, vatNumber: "US123456" }))).toBe(
      "vatNumber: Invalid VAT number",
    );
    expect(signupCompleteSchema.safeParse({ firstname: "Ada" }).success).toBe(false);
  });

  it("confirms the email with the join flow's id", () => {
    expect(confirmEmailSchema.safeParse({ joinFlowId: "3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b" }).success).toBe(true);
    expect(confirmEmailSchema.safeParse({ joinFlowId: "nope" }).success).toBe(false);
    expect(firstIssue(confirmEmailSchema.safeParse({}))).toBe("joinFlowId: This field is required");
  });
});

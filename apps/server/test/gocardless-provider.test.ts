import { execFileSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer as createTlsServer } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GoCardlessPaymentProvider, wholeMonthsBetween } from "../src/providers/payment/gocardless.js";
import { WebhookSignatureError, type ProviderContribution } from "../src/providers/payment/index.js";
import { startGoCardlessStandIn, type GoCardlessStandIn } from "@cohort/stand-ins/gocardless";

/** A clock the tests move by hand (provider-level: no app, no database). */
const clock = {
  current: new Date("2026-03-10T09:00:00.000Z").getTime(),
  now: () => new Date(clock.current),
  advance: (ms: number) => {
    clock.current += ms;
  },
};
let standIn: GoCardlessStandIn;
let provider: GoCardlessPaymentProvider;

beforeAll(async () => {
  standIn = await startGoCardlessStandIn({ now: clock.now });
  provider = new GoCardlessPaymentProvider({
    accessToken: standIn.accessToken,
    webhookSecret: standIn.webhookSecret,
    environment: "sandbox",
    currency: "GBP",
    clock,
    baseUrl: standIn.baseUrl,
  });
});

afterAll(async () => {
  await standIn.close();
});

/** Starts and completes a flow as the person would, returning the mandate. */
async function setUpMandate() {
  const started = await provider.startFlow({
    flowId: "5f0c3a52-6a55-4d0e-9a3c-1c0de0c0ffee",
    email: "ada@example.org",
    paymentMethod: "gc_direct-debit",
    completeUrl: "http://localhost:3000/profile/contribution/complete",
  });
  standIn.completeBillingRequest(started.providerFlowId);
  return provider.completeFlow(started.providerFlowId);
}

function contributionOf(
  mandate: { customerId: string; mandateId: string },
  fields: Partial<ProviderContribution>,
): ProviderContribution {
  return {
    customerId: mandate.customerId,
    mandateId: mandate.mandateId,
    subscriptionId: null,
    amountMinor: 500,
    period: "monthly",
    currency: "GBP",
    ...fields,
  };
}

function paymentsOfMandate(mandateId: string) {
  return [...standIn.resources.payments.values()].filter(
    (payment) => (payment.links as Record<string, string>).mandate === mandateId,
  );
}

describe("GoCardless flows", () => {
  it("starts a billing request flow prefilled with the email and returning with redirect_flow_id", async () => {
    const started = await provider.startFlow({
      flowId: "0b8e7c1e-2f4a-4b7e-8d59-0c1f2e3d4a5b",
      email: "grace@example.org",
      paymentMethod: "gc_direct-debit",
      completeUrl: "http://localhost:3000/join/complete",
    });
    expect(started.providerFlowId).toMatch(/^BRQ/);
    expect("redirectUrl" in started && started.redirectUrl).toMatch(/^https:\/\/pay-sandbox\.gocardless\.com\//);
    const billingRequest = standIn.resources.billing_requests.get(started.providerFlowId);
    expect(billingRequest?.mandate_request).toEqual({ currency: "GBP" });
    const flow = [...standIn.resources.billing_request_flows.values()].at(-1);
    expect(flow?.prefilled_customer).toEqual({ email: "grace@example.org" });
    expect(flow?.redirect_uri).toBe(`http://localhost:3000/join/complete?redirect_flow_id=${started.providerFlowId}`);
  });

  it("completes a flow into a customer, mandate and bank account", async () => {
    const mandate = await setUpMandate();
    expect(mandate.customerId).toMatch(/^CU/);
    expect(mandate.mandateId).toMatch(/^MD/);
    expect(mandate.paymentMethod).toBe("gc_direct-debit");
    expect(mandate.source).toEqual({
      method: "gc_direct-debit",
      bankName: "BARCLAYS BANK PLC",
      accountHolderName: "ADA BYRON",
      accountNumberEnding: "11",
    });
  });

  it("refuses to complete a flow the person did not finish", async () => {
    const started = await provider.startFlow({
      flowId: "9d3f2a1b-0c4e-4f6a-8b7c-5d6e7f8a9b0c",
      email: "left@example.org",
      paymentMethod: "gc_direct-debit",
      completeUrl: "http://localhost:3000/join/complete",
    });
    await expect(provider.completeFlow(started.providerFlowId)).rejects.toMatchObject({ code: "invalid-request" });
    await expect(provider.checkFlow(started.providerFlowId)).rejects.toMatchObject({ code: "invalid-request" });
    standIn.completeBillingRequest(started.providerFlowId);
    await expect(provider.checkFlow(started.providerFlowId)).resolves.toBeUndefined();
  });

  it("sends the access token and API version with every request", () => {
    expect(standIn.requests.length).toBeGreaterThan(0);
    for (const request of standIn.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${standIn.accessToken}`);
      expect(request.headers["gocardless-version"]).toBe("2015-07-06");
      if (request.method === "POST") expect(request.headers["idempotency-key"]).toBeTruthy();
    }
  });

  it("fails when the access token is wrong", async () => {
    const stranger = new GoCardlessPaymentProvider({
      accessToken: "sandbox_wrong",
      webhookSecret: standIn.webhookSecret,
      environment: "sandbox",
      currency: "GBP",
      clock,
      baseUrl: standIn.baseUrl,
    });
    await expect(stranger.completeFlow("BRQ123")).rejects.toThrow(/Authentication failed/);
  });
});

function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("GoCardless API address", () => {
  it.skipIf(!hasOpenssl())("speaks TLS to an https address and checks its certificate", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gocardless-tls-"));
    const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"].concat([
        "-subj",
        "/CN=localhost",
        "-keyout",
        key,
        "-out",
        cert,
      ]),
      { stdio: "ignore" },
    );
    const serverNames: string[] = [];
    const server = createTlsServer({
      key: readFileSync(key),
      cert: readFileSync(cert),
      SNICallback: (name, callback) => {
        serverNames.push(name);
        callback(null);
      },
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const elsewhere = new GoCardlessPaymentProvider({
        accessToken: standIn.accessToken,
        webhookSecret: standIn.webhookSecret,
        environment: "live",
        currency: "GBP",
        clock,
        baseUrl: `https://localhost:${port}`,
      });
      await expect(elsewhere.completeFlow("BRQ123")).rejects.toThrow(/self[- ]signed/i);
      expect(serverNames).toContain("localhost");
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("GoCardless subscriptions", () => {
  it("creates a monthly subscription paid until its first charge", async () => {
    const mandate = await setUpMandate();
    const result = await provider.updateContribution(contributionOf(mandate, { amountMinor: 520 }), {
      prorate: false,
    });
    const subscription = standIn.resources.subscriptions.get(result.subscriptionId);
    expect(subscription).toMatchObject({
      amount: 520,
      currency: "GBP",
      interval_unit: "monthly",
      links: { mandate: mandate.mandateId },
    });
    expect(result.startsNow).toBe(true);
    expect(result.paidUntil?.toISOString()).toBe("2026-03-10T00:00:00.000Z");
  });

  it("raises an annual amount with a prorated one-off payment for the months left", async () => {
    const mandate = await setUpMandate();
    const created = await provider.updateContribution(
      contributionOf(mandate, { amountMinor: 6000, period: "annually" }),
      {
        prorate: false,
      },
    );
    // 150 days on (2026-08-07) the next charge is 2027-03-10: seven whole months left.
    clock.advance(150 * 24 * 60 * 60 * 1000);
    const changed = await provider.updateContribution(
      contributionOf(mandate, { subscriptionId: created.subscriptionId, amountMinor: 8400, period: "annually" }),
      { prorate: true },
    );
    expect(changed).toEqual({
      subscriptionId: created.subscriptionId,
      startsNow: true,
      paidUntil: new Date("2027-03-10T00:00:00.000Z"),
    });
    expect(standIn.resources.subscriptions.get(created.subscriptionId)?.amount).toBe(8400);
    // (84.00 - 60.00) / 12 = 2.00 a month, for seven months.
    expect(paymentsOfMandate(mandate.mandateId)).toEqual([
      expect.objectContaining({ amount: 1400, currency: "GBP", links: { mandate: mandate.mandateId } }),
    ]);
  });

  it("counts whole months between two moments", () => {
    const from = new Date("2026-08-07T09:00:00.000Z");
    expect(wholeMonthsBetween(from, new Date("2027-03-10T00:00:00.000Z"))).toBe(7);
    expect(wholeMonthsBetween(from, new Date("2026-09-07T08:59:59.000Z"))).toBe(0);
    expect(wholeMonthsBetween(from, new Date("2026-01-01T00:00:00.000Z"))).toBe(0);
  });

  it("schedules a lower or unprorated amount for the next payment, with no one-off", async () => {
    const mandate = await setUpMandate();
    const created = await provider.updateContribution(contributionOf(mandate, { amountMinor: 1000 }), {
      prorate: false,
    });
    const lower = await provider.updateContribution(
      contributionOf(mandate, { subscriptionId: created.subscriptionId, amountMinor: 700 }),
      { prorate: true },
    );
    expect(lower.startsNow).toBe(false);
    const higher = await provider.updateContribution(
      contributionOf(mandate, { subscriptionId: created.subscriptionId, amountMinor: 900 }),
      { prorate: false },
    );
    expect(higher).toMatchObject({ subscriptionId: created.subscriptionId, startsNow: false });
    expect(standIn.resources.subscriptions.get(created.subscriptionId)?.amount).toBe(900);
    expect(paymentsOfMandate(mandate.mandateId)).toHaveLength(0);
  });

  it("re-creates the subscription when the period changes, from the old next charge", async () => {
    const mandate = await setUpMandate();
    const monthly = await provider.updateContribution(contributionOf(mandate, { amountMinor: 500 }), {
      prorate: false,
    });
    const annual = await provider.updateContribution(
      contributionOf(mandate, { subscriptionId: monthly.subscriptionId, amountMinor: 6000, period: "annually" }),
      { prorate: false },
    );
    expect(annual.subscriptionId).not.toBe(monthly.subscriptionId);
    expect(standIn.resources.subscriptions.get(monthly.subscriptionId)?.status).toBe("cancelled");
    expect(standIn.resources.subscriptions.get(annual.subscriptionId)).toMatchObject({
      interval_unit: "yearly",
      amount: 6000,
      status: "active",
    });
  });

  it("starts a new subscription when the old one has ended", async () => {
    const mandate = await setUpMandate();
    const first = await provider.updateContribution(contributionOf(mandate, {}), { prorate: false });
    const ended = standIn.resources.subscriptions.get(first.subscriptionId);
    if (ended) Object.assign(ended, { status: "cancelled", upcoming_payments: [] });
    const second = await provider.updateContribution(
      contributionOf(mandate, { subscriptionId: first.subscriptionId, amountMinor: 700 }),
      { prorate: false },
    );
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
    expect(second.startsNow).toBe(true);
    expect(standIn.resources.subscriptions.get(second.subscriptionId)).toMatchObject({ amount: 700, status: "active" });
  });

  it("cancels the subscription and the mandate, and tolerates a second cancel", async () => {
    const mandate = await setUpMandate();
    const created = await provider.updateContribution(contributionOf(mandate, {}), { prorate: false });
    const target = { ...mandate, subscriptionId: created.subscriptionId };
    await provider.cancelContribution(target);
    expect(standIn.resources.subscriptions.get(created.subscriptionId)?.status).toBe("cancelled");
    expect(standIn.resources.mandates.get(mandate.mandateId)?.status).toBe("cancelled");
    await expect(provider.cancelContribution(target)).resolves.toBeUndefined();
  });
});

describe("GoCardless webhooks", () => {
  const statuses = [
    ["pending_customer_approval", "draft"],
    ["pending_submission", "pending"],
    ["submitted", "pending"],
    ["confirmed", "successful"],
    ["paid_out", "successful"],
    ["failed", "failed"],
    ["customer_approval_denied", "failed"],
    ["cancelled", "cancelled"],
    ["charged_back", "cancelled"],
  ] as const;

  it.each(statuses)("reads a %s payment as %s, with its amount, dates and links", async (gcStatus, status) => {
    const mandate = await setUpMandate();
    const created = await provider.updateContribution(contributionOf(mandate, { amountMinor: 520 }), {
      prorate: false,
    });
    const paymentId = standIn.addPayment({
      mandateId: mandate.mandateId,
      subscriptionId: created.subscriptionId,
      amount: 520,
      status: gcStatus,
      chargeDate: "2026-03-31",
    });
    const { rawBody, headers } = standIn.webhook([
      { resource_type: "payments", action: gcStatus, links: { payment: paymentId } },
    ]);
    const [event] = await provider.parseWebhook(rawBody, headers);
    expect(event).toEqual({
      kind: "payment",
      eventId: expect.stringMatching(/^EV/) as unknown,
      providerPaymentId: paymentId,
      customerId: mandate.customerId,
      subscriptionId: created.subscriptionId,
      amountMinor: 520,
      currency: "GBP",
      status,
      chargeDate: new Date("2026-03-31T00:00:00.000Z"),
      periodEnd: new Date("2026-04-30T00:00:00.000Z"),
      isSettled: status === "failed" || status === "cancelled",
      // A failure comes with its cause (the stand-in's default cause is the action), grouped (decision 066).
      ...(gcStatus === "failed" && {
        failure: { reason: "failed", category: "other", reportedAt: expect.any(Date) as unknown },
      }),
    });
  });

  it("reads a refund with the payment's running total of refunds", async () => {
    const mandate = await setUpMandate();
    const paymentId = standIn.addPayment({
      mandateId: mandate.mandateId,
      amount: 1800,
      status: "paid_out",
      chargeDate: "2026-03-31",
      amountRefunded: 600,
    });
    const { rawBody, headers } = standIn.webhook([
      { resource_type: "refunds", action: "paid", links: { payment: paymentId, refund: "RF123" } },
    ]);
    expect(await provider.parseWebhook(rawBody, headers)).toEqual([
      {
        kind: "payment-refunded",
        eventId: expect.stringMatching(/^EV/) as unknown,
        providerPaymentId: paymentId,
        chargedMinor: 1800,
        refundedMinor: 600,
      },
    ]);
  });

  it("reads a one-off payment without a period end", async () => {
    const mandate = await setUpMandate();
    const paymentId = standIn.addPayment({
      mandateId: mandate.mandateId,
      amount: 1800,
      status: "confirmed",
      chargeDate: "2026-04-02",
    });
    const { rawBody, headers } = standIn.webhook([
      { resource_type: "payments", action: "confirmed", links: { payment: paymentId } },
    ]);
    const [event] = await provider.parseWebhook(rawBody, headers);
    expect(event).toMatchObject({ kind: "payment", subscriptionId: null, periodEnd: null, status: "successful" });
  });

  it("reads subscription and mandate endings and ignores everything else", async () => {
    const mandate = await setUpMandate();
    const created = await provider.updateContribution(contributionOf(mandate, {}), { prorate: false });
    const { rawBody, headers } = standIn.webhook([
      { resource_type: "subscriptions", action: "cancelled", links: { subscription: created.subscriptionId } },
      { resource_type: "mandates", action: "cancelled", links: { mandate: mandate.mandateId } },
      { resource_type: "mandates", action: "failed", links: { mandate: mandate.mandateId } },
      { resource_type: "mandates", action: "expired", links: { mandate: mandate.mandateId } },
      { resource_type: "mandates", action: "active", links: { mandate: mandate.mandateId } },
      { resource_type: "subscriptions", action: "created", links: { subscription: created.subscriptionId } },
      { resource_type: "payouts", action: "paid", links: { payout: "PO123" } },
    ]);
    const events = await provider.parseWebhook(rawBody, headers);
    expect(events.map(({ eventId: _eventId, ...rest }) => rest)).toEqual([
      { kind: "subscription-cancelled", customerId: mandate.customerId, subscriptionId: created.subscriptionId },
      { kind: "mandate-cancelled", customerId: mandate.customerId, mandateId: mandate.mandateId },
      { kind: "mandate-cancelled", customerId: mandate.customerId, mandateId: mandate.mandateId },
      { kind: "mandate-cancelled", customerId: mandate.customerId, mandateId: mandate.mandateId },
      { kind: "ignored", type: "mandates.active" },
      { kind: "ignored", type: "subscriptions.created" },
      { kind: "ignored", type: "payouts.paid" },
    ]);
  });

  it("refuses a webhook with a wrong or missing signature", async () => {
    const { rawBody, headers } = standIn.webhook(
      [{ resource_type: "payouts", action: "paid", links: { payout: "PO123" } }],
      "not-the-secret",
    );
    await expect(provider.parseWebhook(rawBody, headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.parseWebhook(rawBody, {})).rejects.toBeInstanceOf(WebhookSignatureError);
    const genuine = standIn.webhook([{ resource_type: "payouts", action: "paid", links: { payout: "PO123" } }]);
    const tampered = Buffer.from(genuine.rawBody.toString("utf8").replace("paid", "PAID"));
    await expect(provider.parseWebhook(tampered, genuine.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

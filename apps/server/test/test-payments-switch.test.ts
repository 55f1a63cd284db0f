import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentMethods } from "@cohort/common/payments";
import { loadConfig } from "../src/config.js";
import { paymentFlows } from "../src/db/schema/index.js";
import { startStripeStandIn, type StripeStandIn } from "@cohort/stand-ins/stripe";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { signupBody } from "./helpers/provider-app.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";
import { sendWebhook, WEBHOOK_SECRET } from "./helpers/test-checkout.js";

/**
 * The built-in test payment provider lets anyone "pay" without money moving.
 * Production keeps it off unless TEST_PAYMENTS=true, and while it is on the
 * site says so on every page (through the general settings every page reads).
 */

describe("the TEST_PAYMENTS setting", () => {
  it("is off in production unless switched on, and on elsewhere unless switched off", () => {
    const enabled = (env: Record<string, string>) => loadConfig(env).testPayments.enabled;
    expect(enabled({ NODE_ENV: "production" })).toBe(false);
    expect(enabled({ NODE_ENV: "production", TEST_PAYMENTS: "" })).toBe(false);
    expect(enabled({ NODE_ENV: "production", TEST_PAYMENTS: "true" })).toBe(true);
    expect(enabled({ NODE_ENV: "production", TEST_PAYMENTS: "1" })).toBe(true);
    expect(enabled({ NODE_ENV: "development" })).toBe(true);
    expect(enabled({ NODE_ENV: "test" })).toBe(true);
    expect(enabled({ NODE_ENV: "development", TEST_PAYMENTS: "false" })).toBe(false);
    expect(() => loadConfig({ TEST_PAYMENTS: "yes" })).toThrow(/TEST_PAYMENTS/);
  });
});

describe("production without TEST_PAYMENTS and without a real provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: "production", TEST_PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET });
  });
  afterAll(() => t.close());

  it("offers no payment method and shows no test banner", async () => {
    const join = await call(t.app, "GET", "/content/join");
    expect(join.json()).toMatchObject({ paymentMethods: [] });
    const general = await call(t.app, "GET", "/content/general");
    expect(general.json()).toMatchObject({ testPayments: false });
  });

  it("refuses a paid join, the test checkout and test webhooks", async () => {
    const joined = await call(t.app, "POST", "/signup", { body: signupBody("s_card") });
    expect(joined.statusCode).toBe(400);
    expect(joined.json()).toMatchObject({ code: "invalid-request" });

    // A test flow left from before the switch: its checkout no longer takes a "payment".
    const flowId = randomUUID();
    await t.database.db.insert(paymentFlows).values({
      id: flowId,
      provider: "test",
      providerFlowId: flowId,
      purpose: "join",
      contactId: null,
      form: { amount: 800, period: "monthly", payFee: false, prorate: false, paymentMethod: "s_card" },
      completeUrl: "http://localhost:3000/join/complete",
      createdAt: t.clock.now(),
    });
    const page = await t.app.inject({ method: "GET", url: `/test-checkout/${flowId}` });
    expect(page.statusCode).toBe(404);
    const paid = await t.app.inject({
      method: "POST",
      url: `/test-checkout/${flowId}`,
      payload: "outcome=successful",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(paid.statusCode).toBe(404);
    expect((await sendWebhook(t, [])).statusCode).toBe(404);
  });
});

describe("production with TEST_PAYMENTS=true", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: "production", TEST_PAYMENTS: "true" });
  });
  afterAll(() => t.close());

  it("offers every method, flags test mode for the banner and takes a test checkout", async () => {
    const join = await call(t.app, "GET", "/content/join");
    expect(join.json<{ paymentMethods: string[] }>().paymentMethods.toSorted()).toEqual([...paymentMethods].sort());
    const general = await call(t.app, "GET", "/content/general");
    expect(general.json()).toMatchObject({ testPayments: true });

    const joined = await call(t.app, "POST", "/signup", { body: signupBody("s_card") });
    expect(joined.statusCode, joined.body).toBe(200);
    const { redirectUrl } = joined.json<{ redirectUrl: string }>();
    const page = await t.app.inject({ method: "GET", url: new URL(redirectUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Test mode");
  });

  it("does not let an admin store the flag", async () => {
    const admin = await makeContact(t.database.db, { roles: ["admin"] });
    const login = await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } });
    const changed = await call(t.app, "PATCH", "/content/general", {
      cookie: sessionCookie(login),
      body: { testPayments: false },
    });
    expect(changed.statusCode, changed.body).toBe(400);
    expect((await call(t.app, "GET", "/content/general")).json()).toMatchObject({ testPayments: true });
  });
});

describe("production with Stripe and without TEST_PAYMENTS", () => {
  let t: TestApp;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({
      NODE_ENV: "production",
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: "pk_test_switch",
      STRIPE_WEBHOOK_SECRET: "whsec_switch",
      STRIPE_API_HOST: stripe.host,
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: stripe.protocol,
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("offers only the methods Stripe takes", async () => {
    const join = await call(t.app, "GET", "/content/join");
    expect(join.json<{ paymentMethods: string[] }>().paymentMethods).not.toContain("gc_direct-debit");
    expect(join.json<{ paymentMethods: string[] }>().paymentMethods).toContain("s_card");
    const joined = await call(t.app, "POST", "/signup", { body: signupBody("gc_direct-debit") });
    expect(joined.statusCode).toBe(400);
    expect((await call(t.app, "GET", "/content/general")).json()).toMatchObject({ testPayments: false });
  });
});

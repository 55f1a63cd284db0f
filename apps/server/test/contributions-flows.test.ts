import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activateContribution } from "../src/modules/contributions/service.js";
import { completePaymentFlow, startPaymentFlow } from "../src/modules/contributions/flows.js";
import { makeContact } from "./helpers/factories.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";
import { checkout, contributionOf, memberRoleOf, paymentsOf } from "./helpers/test-checkout.js";

describe("payment flows for joining", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const form = {
    amount: 1500,
    period: "annually" as const,
    payFee: false,
    prorate: false,
    paymentMethod: "gc_direct-debit",
  };

  it("starts without a contact, completes once, and activates the contribution of the new contact", async () => {
    const started = await startPaymentFlow(t.ctx, {
      purpose: "join",
      contactId: null,
      email: "joiner@example.org",
      form,
      completeUrl: "http://localhost:3000/join/complete",
    });
    expect(started.params).toHaveProperty("redirectUrl");
    const redirectUrl = "redirectUrl" in started.params ? started.params.redirectUrl : "";
    const providerFlowId = await checkout(t, redirectUrl, "successful");

    const { flow, mandate } = await completePaymentFlow(t.ctx, providerFlowId);
    expect(flow).toMatchObject({ id: started.flowId, purpose: "join", contactId: null, provider: "test" });
    expect(mandate).toMatchObject({
      customerId: `test_cus_${started.flowId}`,
      mandateId: `test_mandate_${started.flowId}`,
      paymentMethod: "gc_direct-debit",
      source: { method: "gc_direct-debit", accountNumberEnding: "11" },
    });
    await expect(completePaymentFlow(t.ctx, providerFlowId)).rejects.toMatchObject({ status: 404 });

    const contact = await makeContact(t.database.db, { email: "joiner@example.org" });
    await activateContribution(t.ctx, { contactId: contact.id, provider: "test", mandate, form: flow.form });
    expect(await contributionOf(t, contact.id)).toMatchObject({
      provider: "test",
      paymentMethod: "gc_direct-debit",
      cancelledAt: null,
    });
    expect((await contributionOf(t, contact.id))?.subscriptionId).toMatch(/^test_sub_/);
    expect(await paymentsOf(t, contact.id)).toMatchObject([{ amount: 1500, status: "successful" }]);
    const role = await memberRoleOf(t, contact.id);
    expect(role?.dateExpires?.getTime()).toBeGreaterThan(t.clock.now().getTime() + 370 * 86_400_000);
  });

  it("refuses to complete a flow whose checkout was not finished", async () => {
    const started = await startPaymentFlow(t.ctx, {
      purpose: "join",
      contactId: null,
      email: "late@example.org",
      form,
      completeUrl: "http://localhost:3000/join/complete",
    });
    await expect(completePaymentFlow(t.ctx, started.flowId)).rejects.toMatchObject({ status: 400 });
    await expect(completePaymentFlow(t.ctx, "no-such-flow")).rejects.toMatchObject({ status: 404 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

/** A page on the site's own address (APP_URL), where a payer may be sent back to. */
const COMPLETE_URL = "https://members.example.org/profile/contribution/complete?from=test";

describe("the test checkout page", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: "https://members.example.org" });
    const contact = await makeContact(t.database.db);
    cookie = sessionCookie(
      await call(t.app, "POST", "/auth/login", { body: { email: contact.email, password: PASSWORD } }),
    );
  });
  afterAll(() => t.close());

  async function start(paymentMethod: string, payFee = true) {
    const response = await call(t.app, "POST", "/contact/me/contribution", {
      cookie,
      body: { amount: 10, period: "monthly", payFee, paymentMethod, completeUrl: COMPLETE_URL },
    });
    expect(response.statusCode).toBe(200);
    return new URL(response.json<{ redirectUrl: string }>().redirectUrl);
  }

  it("shows amount, period, fee and method, clearly marked as test mode, for every method", async () => {
    for (const method of ["s_card", "s_sepa", "s_bacs", "s_paypal", "s_ideal", "gc_direct-debit"]) {
      const url = await start(method);
      expect(url.origin).toBe("https://members.example.org");
      const page = await t.app.inject({ method: "GET", url: url.pathname });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.body).toContain("Test mode — no real money moves");
      for (const text of ["Pay successfully", "Fail the payment", "Leave the payment pending", "Monthly", "£10.00"]) {
        expect(page.body).toContain(text);
      }
    }
    const card = await start("s_card");
    const page = await t.app.inject({ method: "GET", url: card.pathname });
    // 0.20 + 1.5 % of 10.00 = 0.35.
    expect(page.body).toContain("£0.35");
    expect(page.body).toContain("£10.35");
  });

  it("records the outcome and returns to the complete address with the flow id", async () => {
    const url = await start("s_card", false);
    const posted = await t.app.inject({
      method: "POST",
      url: url.pathname,
      payload: "outcome=pending",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.statusCode).toBe(303);
    const location = new URL(String(posted.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe("https://members.example.org/profile/contribution/complete");
    expect(location.searchParams.get("from")).toBe("test");
    expect(location.searchParams.get("redirect_flow_id")).toBe(url.pathname.split("/").pop());
  });

  it("refuses unknown flows and outcomes", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/test-checkout/00000000-0000-4000-8000-000000000000" });
    expect(missing.statusCode).toBe(404);
    const url = await start("s_card", false);
    const bad = await t.app.inject({
      method: "POST",
      url: url.pathname,
      payload: "outcome=maybe",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(bad.statusCode).toBe(400);
    const unfinished = await call(t.app, "POST", "/contact/me/contribution/complete", {
      cookie,
      body: { paymentFlowId: url.pathname.split("/").pop() },
    });
    expect(unfinished.statusCode).toBe(400);
  });
});

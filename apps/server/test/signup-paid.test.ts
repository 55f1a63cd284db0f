import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { contacts, contributions, emailOutbox } from "../src/db/schema/index.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

const urls = {
  loginUrl: "http://localhost:3000/auth/login",
  setPasswordUrl: "http://localhost:3000/auth/set-password",
  confirmUrl: "http://localhost:3000/join/confirm-email",
};
const completeUrl = "http://localhost:3000/join/complete";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function confirmEmailsTo(address: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.templateId, "confirm-email")))
    .orderBy(desc(emailOutbox.createdAt));
}

/** Goes through the test checkout page and answers the provider flow id of the return link. */
async function checkout(redirectUrl: string, outcome: "successful" | "failed"): Promise<string> {
  const path = new URL(redirectUrl).pathname;
  const response = await t.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: `outcome=${outcome}`,
  });
  expect(response.statusCode).toBe(303);
  const back = new URL(String(response.headers.location));
  expect(`${back.origin}${back.pathname}`).toBe(completeUrl);
  return back.searchParams.get("redirect_flow_id") ?? "";
}

async function startPaidJoin(email: string): Promise<string> {
  const signup = await call(t.app, "POST", "/signup", {
    body: {
      email,
      password: "Joining-pass1",
      ...urls,
      contribution: { amount: 5, period: "monthly", payFee: false, paymentMethod: "s_card", completeUrl },
    },
  });
  expect(signup.statusCode).toBe(200);
  const { redirectUrl } = signup.json<{ redirectUrl: string }>();
  expect(redirectUrl).toContain("/test-checkout/");
  // Nothing is sent before the provider's step is done.
  expect(await confirmEmailsTo(email)).toHaveLength(0);
  return redirectUrl;
}

describe("joining with a contribution", () => {
  it("goes through the provider, then the confirmation link makes a member with a contribution", async () => {
    const email = `paid.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const providerFlowId = await checkout(await startPaidJoin(email), "successful");

    const complete = await call(t.app, "POST", "/signup/complete", {
      body: { paymentFlowId: providerFlowId, firstname: "Ada", lastname: "Lovelace" },
    });
    expect(complete.statusCode).toBe(204);
    const [sent] = await confirmEmailsTo(email);
    expect(sent?.mergeFields).toMatchObject({ FNAME: "Ada", LNAME: "Lovelace" });
    const joinFlowId = (sent?.mergeFields.CONFIRMLINK ?? "").slice(urls.confirmUrl.length + 1);

    const confirm = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ email, firstname: "Ada", lastname: "Lovelace", activeRoles: ["member"] });
    const cookie = sessionCookie(confirm);

    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
    expect(contact).toMatchObject({
      contributionType: "Automatic",
      contributionPeriod: "monthly",
      contributionAmount: 500,
    });
    const [contribution] = await t.database.db
      .select()
      .from(contributions)
      .where(eq(contributions.contactId, contact?.id ?? ""));
    expect(contribution).toMatchObject({ provider: "test", paymentMethod: "s_card" });
    const me = await call(t.app, "GET", "/contact/me?with=contribution", { cookie });
    expect(me.statusCode).toBe(200);

    const login = await call(t.app, "POST", "/auth/login", { body: { email, password: "Joining-pass1" } });
    expect(login.statusCode).toBe(204);
  });

  it("refuses to complete a join whose payment failed: no confirmation email, no contact", async () => {
    const email = `failed.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const providerFlowId = await checkout(await startPaidJoin(email), "failed");
    const complete = await call(t.app, "POST", "/signup/complete", {
      body: { paymentFlowId: providerFlowId, firstname: "Ada" },
    });
    expect(complete.statusCode).toBe(400);
    expect(complete.json()).toMatchObject({ code: "invalid-request", httpCode: 400 });
    expect(await confirmEmailsTo(email)).toHaveLength(0);
    expect(await t.database.db.select().from(contacts).where(eq(contacts.email, email))).toHaveLength(0);
  });

  it("sends nothing for a checkout that was never finished", async () => {
    const email = `unfinished.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const providerFlowId = new URL(await startPaidJoin(email)).pathname.split("/").at(-1) ?? "";
    const complete = await call(t.app, "POST", "/signup/complete", { body: { paymentFlowId: providerFlowId } });
    expect(complete.statusCode).toBe(400);
    expect(await confirmEmailsTo(email)).toHaveLength(0);
  });

  it("refuses to complete an unknown provider flow", async () => {
    const response = await call(t.app, "POST", "/signup/complete", { body: { paymentFlowId: "nothing-like-it" } });
    expect(response.statusCode).toBe(404);
  });
});

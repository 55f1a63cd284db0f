import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { ONE_DAY } from "@cohort/common/time";
import { contacts, emailOutbox, paymentFlows } from "../src/db/schema/index.js";
import { updateJoinContent } from "../src/modules/content/service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";
import { checkout } from "./helpers/test-checkout.js";

const urls = {
  loginUrl: "http://localhost:3000/auth/login",
  setPasswordUrl: "http://localhost:3000/auth/set-password",
  confirmUrl: "http://localhost:3000/join/confirm-email",
};
const completeUrl = "http://localhost:3000/join/complete";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await updateJoinContent(t.ctx, { showNoContribution: true });
});
afterAll(() => t.close());

async function emailsTo(address: string, templateId: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.templateId, templateId)))
    .orderBy(desc(emailOutbox.createdAt));
}

async function confirmLinkId(address: string): Promise<string> {
  const [email] = await emailsTo(address, "confirm-email");
  const link = email?.mergeFields.CONFIRMLINK ?? "";
  expect(link.startsWith(`${urls.confirmUrl}/`)).toBe(true);
  return link.slice(urls.confirmUrl.length + 1);
}

describe("an active member who joins again", () => {
  /** The answer with its one-off flow id taken out: what a caller can compare. */
  function answerOf(response: { statusCode: number; body: string }) {
    return { status: response.statusCode, body: response.body.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "<id>") };
  }

  async function join(email: string, withContribution: boolean) {
    return call(t.app, "POST", "/signup", {
      body: {
        email,
        password: PASSWORD,
        ...urls,
        ...(withContribution && {
          contribution: { amount: 5, period: "monthly", payFee: false, paymentMethod: "s_card", completeUrl },
        }),
      },
    });
  }

  it("gets the same answer as a newcomer, with or without a contribution", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const newcomer = `newcomer.${crypto.randomUUID().slice(0, 8)}@example.org`;
    for (const withContribution of [true, false]) {
      const asMember = await join(member.email.toUpperCase(), withContribution);
      const asNewcomer = await join(newcomer, withContribution);
      expect(answerOf(asMember)).toEqual(answerOf(asNewcomer));
      expect(asMember.statusCode).toBe(withContribution ? 200 : 204);
    }
  });

  it("is told after the payment step, by an email with a login link, and nothing is charged", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const signup = await join(member.email, true);
    expect(signup.statusCode, signup.body).toBe(200);
    const paymentFlowId = await checkout(t, signup.json<{ redirectUrl: string }>().redirectUrl, "successful");
    const complete = await call(t.app, "POST", "/signup/complete", { body: { paymentFlowId } });
    expect(complete.statusCode).toBe(204);

    const [told] = await emailsTo(member.email, "email-exists-login");
    expect(told?.mergeFields.LOGINLINK).toBe(`${t.config.appUrl}/auth/login`);
    expect(await emailsTo(member.email, "confirm-email")).toHaveLength(0);
    const [flow] = await t.database.db
      .select()
      .from(paymentFlows)
      .where(eq(paymentFlows.providerFlowId, paymentFlowId));
    expect(flow?.completedAt).toBeNull();
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, member.id));
    expect(contact?.contributionType).toBe("None");
  });
});

describe("POST /signup/confirm-email/resend", () => {
  it("renews a link that ran out and sends it again to the same address", async () => {
    const email = `renew.${crypto.randomUUID().slice(0, 8)}@example.org`;
    expect((await call(t.app, "POST", "/signup", { body: { email, ...urls } })).statusCode).toBe(204);
    const joinFlowId = await confirmLinkId(email);
    t.clock.advance(10 * ONE_DAY);
    const expired = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId } });
    expect(expired.statusCode).toBe(404);

    const resend = await call(t.app, "POST", "/signup/confirm-email/resend", { body: { joinFlowId } });
    expect(resend.statusCode, resend.body).toBe(204);
    expect(await emailsTo(email, "confirm-email")).toHaveLength(2);
    expect(await confirmLinkId(email)).toBe(joinFlowId);
    const confirmed = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await t.database.db.select().from(contacts).where(eq(contacts.email, email))).toHaveLength(1);

    // A used link is not sent again.
    const used = await call(t.app, "POST", "/signup/confirm-email/resend", { body: { joinFlowId } });
    expect(used.statusCode).toBe(404);
  });

  it("refuses unknown, malformed and long-forgotten links", async () => {
    const unknown = await call(t.app, "POST", "/signup/confirm-email/resend", {
      body: { joinFlowId: crypto.randomUUID() },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("not-found");
    const malformed = await call(t.app, "POST", "/signup/confirm-email/resend", { body: { joinFlowId: "x" } });
    expect(malformed.statusCode).toBe(400);

    const email = `forgotten.${crypto.randomUUID().slice(0, 8)}@example.org`;
    await call(t.app, "POST", "/signup", { body: { email, ...urls } });
    const joinFlowId = await confirmLinkId(email);
    t.clock.advance(40 * ONE_DAY);
    const tooLate = await call(t.app, "POST", "/signup/confirm-email/resend", { body: { joinFlowId } });
    expect(tooLate.statusCode).toBe(404);
    expect(await emailsTo(email, "confirm-email")).toHaveLength(1);
  });
});

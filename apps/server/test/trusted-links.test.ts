import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import type { ErrorBody } from "@cohort/common/errors";
import { emailOutbox, joinFlows, paymentFlows } from "../src/db/schema/index.js";
import { updateJoinContent } from "../src/modules/content/service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";
import { checkout, postCheckoutOutcome } from "./helpers/test-checkout.js";

/** The site's own address (APP_URL) and a site of the organisation that embeds the join form. */
const SITE = "https://members.example.org";
const EMBED = "https://news.example.org";

const urls = {
  loginUrl: `${SITE}/auth/login`,
  setPasswordUrl: `${SITE}/auth/set-password`,
  confirmUrl: `${SITE}/join/confirm-email`,
};
const completeUrl = `${SITE}/join/complete`;
const contribution = { amount: 5, period: "monthly", payFee: false, paymentMethod: "s_card", completeUrl };

/** Addresses that lead elsewhere, some dressed up as the site's own. */
const elsewhere = [
  "https://evil.example/steal",
  `${EMBED}/steal`,
  "http://members.example.org/auth/reset-password",
  "https://members.example.org.evil.example/auth/reset-password",
  "https://members.example.org@evil.example/auth/reset-password",
  "https://evil.example\\@members.example.org/auth/reset-password",
  "https://members.example.org:8443/auth/reset-password",
];

let t: TestApp;
let cookie: string;
let clientNumber = 0;
/** A fresh client address per call, so the limits on email-sending calls stay out of the way. */
const client = () => `10.49.${Math.floor(++clientNumber / 250)}.${clientNumber % 250}`;

beforeAll(async () => {
  t = await createTestApp({ APP_URL: SITE, EMBED_ORIGINS: EMBED });
  await updateJoinContent(t.ctx, { showNoContribution: true });
  const member = await makeContact(t.database.db, { roles: ["member"] });
  cookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: member.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());

async function emailsTo(address: string, templateId?: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(
      templateId === undefined
        ? eq(emailOutbox.toAddress, address)
        : and(eq(emailOutbox.toAddress, address), eq(emailOutbox.templateId, templateId)),
    )
    .orderBy(desc(emailOutbox.createdAt));
}

function expectRefused(response: { statusCode: number; body: string; json: () => unknown }, property: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as ErrorBody;
  expect(body.code).toBe("untrusted-url");
  expect(body.errors?.map((error) => [error.property, error.key])).toEqual([[property, "validation.urlNotOnSite"]]);
}

const uniqueEmail = (label: string) => `${label}.${crypto.randomUUID().slice(0, 8)}@example.org`;

describe("reset links", () => {
  it.each(elsewhere)("refuses a password reset link to %s and sends nothing", async (resetUrl) => {
    const contact = await makeContact(t.database.db);
    const response = await call(t.app, "POST", "/reset-password", {
      body: { email: contact.email, resetUrl },
      remoteAddress: client(),
    });
    expectRefused(response, "resetUrl");
    expect(await emailsTo(contact.email)).toHaveLength(0);
  });

  it("answers an unknown address the same way, so the refusal says nothing about it", async () => {
    const response = await call(t.app, "POST", "/reset-password", {
      body: { email: uniqueEmail("nobody"), resetUrl: "https://evil.example/steal" },
      remoteAddress: client(),
    });
    expectRefused(response, "resetUrl");
  });

  it("mails a link on the site's own address", async () => {
    const contact = await makeContact(t.database.db);
    const response = await call(t.app, "POST", "/reset-password", {
      body: { email: contact.email, resetUrl: `${SITE}/auth/reset-password` },
      remoteAddress: client(),
    });
    expect(response.statusCode).toBe(204);
    const [sent] = await emailsTo(contact.email, "reset-password");
    expect(sent?.mergeFields.RPLINK).toMatch(new RegExp(`^${SITE}/auth/reset-password/[0-9a-f-]{36}$`));
  });

  it.each(elsewhere)("refuses a two-step reset link to %s and sends nothing", async (resetUrl) => {
    const contact = await makeContact(t.database.db, { totpSecret: "JBSWY3DPEHPK3PXP" });
    const response = await call(t.app, "POST", "/reset-device", {
      body: { email: contact.email, resetUrl, type: "totp" },
      remoteAddress: client(),
    });
    expectRefused(response, "resetUrl");
    expect(await emailsTo(contact.email)).toHaveLength(0);
  });

  it("mails a two-step reset link on the site's own address", async () => {
    const contact = await makeContact(t.database.db, { totpSecret: "JBSWY3DPEHPK3PXP" });
    const response = await call(t.app, "POST", "/reset-device", {
      body: { email: contact.email, resetUrl: `${SITE}/auth/reset-device`, type: "totp" },
      remoteAddress: client(),
    });
    expect(response.statusCode).toBe(204);
    const [sent] = await emailsTo(contact.email, "reset-device");
    expect(sent?.mergeFields.RPLINK?.startsWith(`${SITE}/auth/reset-device/`)).toBe(true);
  });
});

describe("join links", () => {
  it.each(["loginUrl", "setPasswordUrl", "confirmUrl"] as const)(
    "refuses a %s that leads elsewhere, for newcomers and members alike",
    async (field) => {
      const member = await makeContact(t.database.db, { roles: ["member"] });
      for (const email of [uniqueEmail("newcomer"), member.email]) {
        for (const address of [elsewhere[0], `${EMBED}/join`]) {
          const response = await call(t.app, "POST", "/signup", {
            body: { email, ...urls, [field]: address },
            remoteAddress: client(),
          });
          expectRefused(response, field);
          expect(await emailsTo(email)).toHaveLength(0);
        }
      }
    },
  );

  it("refuses a join's completeUrl elsewhere, and takes one on a site the organisation lists", async () => {
    const email = uniqueEmail("payer");
    const refused = await call(t.app, "POST", "/signup", {
      body: { email, ...urls, contribution: { ...contribution, completeUrl: "https://evil.example/paid" } },
      remoteAddress: client(),
    });
    expectRefused(refused, "contribution.completeUrl");
    expect(await t.database.db.select().from(joinFlows).where(eq(joinFlows.email, email))).toHaveLength(0);

    const embedded = await call(t.app, "POST", "/signup", {
      body: { email, ...urls, contribution: { ...contribution, completeUrl: `${EMBED}/support/done` } },
      remoteAddress: client(),
    });
    expect(embedded.statusCode, embedded.body).toBe(200);
    const providerFlowId = await checkout(t, embedded.json<{ redirectUrl: string }>().redirectUrl, "successful");
    const [flow] = await t.database.db
      .select()
      .from(paymentFlows)
      .where(eq(paymentFlows.providerFlowId, providerFlowId));
    expect(flow?.completeUrl).toBe(`${EMBED}/support/done`);
  });

  it("mails the site's own pages for a join stored before links were checked", async () => {
    const email = uniqueEmail("older");
    expect(
      (await call(t.app, "POST", "/signup", { body: { email, ...urls }, remoteAddress: client() })).statusCode,
    ).toBe(204);
    const [stored] = await t.database.db.select().from(joinFlows).where(eq(joinFlows.email, email));
    await t.database.db
      .update(joinFlows)
      .set({ confirmUrl: "https://evil.example/confirm", loginUrl: "https://evil.example/login" })
      .where(eq(joinFlows.id, stored!.id));
    const resent = await call(t.app, "POST", "/signup/confirm-email/resend", {
      body: { joinFlowId: stored!.id },
      remoteAddress: client(),
    });
    expect(resent.statusCode).toBe(204);
    const [sent] = await emailsTo(email, "confirm-email");
    expect(sent?.mergeFields.CONFIRMLINK).toBe(`${SITE}/join/confirm-email/${stored!.id}`);

    const confirmed = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId: stored!.id } });
    expect(confirmed.statusCode).toBe(200);
    const [welcome] = await emailsTo(email, "welcome");
    expect(welcome?.mergeFields.LOGINLINK).toBe(`${SITE}/auth/login`);
  });
});

describe("payment return addresses", () => {
  it("refuses a contribution's completeUrl elsewhere and takes the listed site", async () => {
    for (const address of ["https://evil.example/paid", "https://members.example.org@evil.example/"]) {
      const refused = await call(t.app, "POST", "/contact/me/contribution", {
        cookie,
        body: { amount: 5, period: "monthly", payFee: false, paymentMethod: "s_card", completeUrl: address },
      });
      expectRefused(refused, "completeUrl");
    }
    const embedded = await call(t.app, "POST", "/contact/me/contribution", {
      cookie,
      body: { amount: 5, period: "monthly", payFee: false, paymentMethod: "s_card", completeUrl: `${EMBED}/done` },
    });
    expect(embedded.statusCode, embedded.body).toBe(200);
  });

  it("refuses a new payment method's completeUrl elsewhere", async () => {
    const refused = await call(t.app, "PUT", "/contact/me/payment-method", {
      cookie,
      body: { paymentMethod: "s_card", completeUrl: "https://evil.example/paid" },
    });
    expectRefused(refused, "completeUrl");
    const own = await call(t.app, "PUT", "/contact/me/payment-method", {
      cookie,
      body: { paymentMethod: "s_card", completeUrl: `${SITE}/profile/contribution/payment-method/complete` },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("sends a payer back to the site's own page when a stored return address leads elsewhere", async () => {
    const signup = await call(t.app, "POST", "/signup", {
      body: { email: uniqueEmail("stored"), ...urls, contribution },
      remoteAddress: client(),
    });
    expect(signup.statusCode).toBe(200);
    const path = new URL(signup.json<{ redirectUrl: string }>().redirectUrl).pathname;
    const flowId = path.split("/").pop() ?? "";
    await t.database.db
      .update(paymentFlows)
      .set({ completeUrl: "https://evil.example/paid" })
      .where(eq(paymentFlows.id, flowId));
    const location = await postCheckoutOutcome(t, path, "successful");
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/join/complete`);
  });
});

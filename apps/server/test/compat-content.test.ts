/**
 * `GET/PATCH /content/{id}` serves every id of the reference with its fields
 * and defaults on a new install; an unknown id is 400 (decision 024).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultPaymentContent } from "@cohort/common/content";
import { feeRegion } from "@cohort/common/contributions";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());

const patch = (id: string, body: unknown) => call(t.app, "PATCH", `/content/${id}`, { cookie: adminCookie, body });

describe("content ids", () => {
  it("serves every id of the reference to anyone, with the defaults of a new install", async () => {
    const expected: Record<string, Record<string, unknown>> = {
      profile: { introMessage: "" },
      contacts: { tags: [], manualPaymentSources: [] },
      // The footer every email carries, made from the general settings.
      email: { supportEmail: "", supportEmailName: "", footer: expect.stringContaining(`href="${t.config.appUrl}"`) },
      share: { title: "", description: "", image: "", twitterHandle: "" },
      payment: {
        stripePublicKey: "",
        stripeCountry: feeRegion(t.config.currencyCode),
        taxRateEnabled: false,
        taxRate: 0,
        // Cohort's own, beside the reference's fields (decisions 066 and 067).
        cancellationReasons: defaultPaymentContent.cancellationReasons,
        pausedStaysMember: true,
        paymentGraceDays: 14,
      },
      telegram: { welcomeMessageMd: "" },
    };
    for (const [id, fields] of Object.entries(expected)) {
      const response = await call(t.app, "GET", `/content/${id}`);
      expect(response.statusCode, id).toBe(200);
      expect(response.json(), id).toEqual(fields);
    }
    for (const id of ["general", "join", "join/setup"]) {
      expect((await call(t.app, "GET", `/content/${id}`)).statusCode, id).toBe(200);
    }
  });

  it("answers 400 for an unknown id, read or written, and keeps writes for admins", async () => {
    const read = await call(t.app, "GET", "/content/not-an-id");
    expect(read.statusCode).toBe(400);
    expect(read.json().code).toBe("invalid-request");
    expect((await patch("not-an-id", { title: "x" })).statusCode).toBe(400);
    expect((await call(t.app, "PATCH", "/content/not-an-id", { body: {} })).statusCode).toBe(403);
    expect((await call(t.app, "PATCH", "/content/share", { body: { title: "x" } })).statusCode).toBe(403);
  });

  it("PATCH is partial and answers the whole object; read-only fields sent back are ignored", async () => {
    const share = await patch("share", { title: "Our newsroom", twitterHandle: "@newsroom" });
    expect(share.statusCode, share.body).toBe(200);
    expect(share.json()).toEqual({ title: "Our newsroom", description: "", image: "", twitterHandle: "@newsroom" });
    const again = await patch("share", { description: "Local news" });
    expect(again.json()).toMatchObject({ title: "Our newsroom", description: "Local news" });

    const email = await patch("email", {
      supportEmail: "help@example.org",
      supportEmailName: "Help",
      footer: "<b>x</b>",
    });
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json()).toEqual({
      supportEmail: "help@example.org",
      supportEmailName: "Help",
      footer: expect.not.stringContaining("<b>x</b>"),
    });

    const contacts = await patch("contacts", { tags: ["Donor", "Donor", "Volunteer"], manualPaymentSources: ["Cash"] });
    expect(contacts.json()).toEqual({ tags: ["Donor", "Volunteer"], manualPaymentSources: ["Cash"] });

    const telegram = await patch("telegram", { welcomeMessageMd: "**Hello**" });
    expect(telegram.json()).toEqual({ welcomeMessageMd: "**Hello**" });
    expect((await call(t.app, "GET", "/content/telegram")).json()).toEqual({ welcomeMessageMd: "**Hello**" });
  });

  it("cleans the profile's HTML on write", async () => {
    const response = await patch("profile", {
      introMessage: '<p>Welcome</p><script>alert(1)</script><img src="javascript:x">',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().introMessage).toContain("<p>Welcome</p>");
    expect(response.json().introMessage).not.toContain("script");
    expect(response.json().introMessage).not.toContain("javascript:");
  });

  it("checks addresses, lengths and the tax rate", async () => {
    expect((await patch("share", { image: "javascript:alert(1)" })).statusCode).toBe(400);
    expect((await patch("share", { title: "x".repeat(256) })).statusCode).toBe(400);
    expect((await patch("email", { supportEmail: "not an email" })).statusCode).toBe(400);
    expect((await patch("contacts", { tags: [""] })).statusCode).toBe(400);
    expect((await patch("profile", { nope: 1 })).statusCode).toBe(400);

    const withoutRate = await patch("payment", { taxRateEnabled: true });
    expect(withoutRate.statusCode).toBe(400);
    expect(withoutRate.json().errors[0].property).toBe("taxRate");
    const enabled = await patch("payment", { taxRateEnabled: true, taxRate: 20, stripeCountry: "xx" });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toEqual({
      stripePublicKey: "",
      stripeCountry: feeRegion(t.config.currencyCode),
      taxRateEnabled: true,
      taxRate: 20,
      cancellationReasons: defaultPaymentContent.cancellationReasons,
      pausedStaysMember: true,
      paymentGraceDays: 14,
    });
    expect((await patch("payment", { taxRate: 101 })).statusCode).toBe(400);
    expect((await patch("payment", { paymentGraceDays: 0 })).statusCode).toBe(400);
    expect((await patch("payment", { paymentGraceDays: 61 })).statusCode).toBe(400);
  });
});

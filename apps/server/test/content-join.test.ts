import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  defaultJoinContent,
  defaultJoinSetupContent,
  joinContentSchema,
  joinSetupContentSchema,
} from "@cohort/common/content";
import { paymentMethods } from "@cohort/common/payments";
import { makeCallout } from "./helpers/callout-factory.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

const urls = {
  loginUrl: "http://localhost:3000/auth/login",
  setPasswordUrl: "http://localhost:3000/auth/set-password",
  confirmUrl: "http://localhost:3000/join/confirm-email",
};
const completeUrl = "http://localhost:3000/join/complete";

let t: TestApp;
let adminCookie: string;
let memberCookie: string;

async function logIn(roles: ("admin" | "member")[]): Promise<string> {
  const contact = await makeContact(t.database.db, { roles });
  return sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: contact.email, password: PASSWORD } }),
  );
}

beforeAll(async () => {
  t = await createTestApp({ CURRENCY_CODE: "GBP" });
  adminCookie = await logIn(["admin"]);
  memberCookie = await logIn(["member"]);
});
afterAll(() => t.close());

/** Patches as the admin, as someone else's session, or (with null) without one. */
const patchJoin = (body: unknown, cookie: string | null = adminCookie) =>
  call(t.app, "PATCH", "/content/join", { cookie: cookie ?? undefined, body });
const patchSetup = (body: unknown, cookie: string | null = adminCookie) =>
  call(t.app, "PATCH", "/content/join/setup", { cookie: cookie ?? undefined, body });

/** The properties named by a 400 answer's field errors. */
function errorProperties(response: { json: () => { errors?: { property: string }[] } }): string[] {
  return (response.json().errors ?? []).map((error) => error.property);
}

const uniqueEmail = (name: string) => `${name}.${crypto.randomUUID().slice(0, 8)}@example.org`;

describe("GET /content/join", () => {
  it("has the defaults on a new install, for anyone, with every method of the test provider", async () => {
    const response = await call(t.app, "GET", "/content/join");
    expect(response.statusCode).toBe(200);
    const join = joinContentSchema.parse(response.json());
    expect(join).toEqual({ ...defaultJoinContent, stripePublicKey: "", stripeCountry: "gb" });
    expect(join.paymentMethods).toEqual([...paymentMethods]);
  });
});

describe("PATCH /content/join", () => {
  it("is refused to members and to anonymous callers", async () => {
    expect((await patchJoin({ title: "Join us" }, memberCookie)).statusCode).toBe(403);
    expect((await patchJoin({ title: "Join us" }, null)).statusCode).toBe(403);
    expect((await call(t.app, "GET", "/content/join")).json().title).toBe("");
  });

  it("keeps an admin's changes, answers with the whole form and ignores read-only fields", async () => {
    const response = await patchJoin({
      title: "Support the Harbour Post",
      periods: [
        { name: "monthly", presetAmounts: [4, 8, 12, 20] },
        { name: "annually", presetAmounts: [50, 100] },
      ],
      initialAmount: 8,
      stripePublicKey: "pk_live_ignored",
      stripeCountry: "ca",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: "Support the Harbour Post",
      initialAmount: 8,
      stripePublicKey: "",
      stripeCountry: "gb",
    });
    const read = (await call(t.app, "GET", "/content/join")).json();
    expect(read.periods[0].presetAmounts).toEqual([4, 8, 12, 20]);
    expect(read.subtitle).toBe("");
  });

  it("refuses unknown fields", async () => {
    const response = await patchJoin({ title: "Join", colour: "red" });
    expect(response.statusCode).toBe(400);
    expect((await call(t.app, "GET", "/content/join")).json().title).toBe("Support the Harbour Post");
  });

  it("refuses presets and an initial amount under the minimum, with the fields named", async () => {
    const response = await patchJoin({ minMonthlyAmount: 9 });
    expect(response.statusCode).toBe(400);
    expect(errorProperties(response).sort()).toEqual([
      "initialAmount",
      "periods.0.presetAmounts.0",
      "periods.0.presetAmounts.1",
      "periods.1.presetAmounts.0",
      "periods.1.presetAmounts.1",
    ]);
    expect((await call(t.app, "GET", "/content/join")).json().minMonthlyAmount).toBe(1);
  });

  it("refuses an initial period that is not offered, a repeated period and a fractional minimum", async () => {
    const notOffered = await patchJoin({
      periods: [{ name: "monthly", presetAmounts: [5] }],
      initialPeriod: "annually",
      initialAmount: 60,
    });
    expect(notOffered.statusCode).toBe(400);
    expect(errorProperties(notOffered)).toContain("initialPeriod");

    const twice = await patchJoin({
      periods: [
        { name: "monthly", presetAmounts: [5] },
        { name: "monthly", presetAmounts: [6] },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(errorProperties(twice)).toContain("periods.1.name");

    expect((await patchJoin({ minMonthlyAmount: 2.5 })).statusCode).toBe(400);
    expect((await patchJoin({ periods: [] })).statusCode).toBe(400);
    expect((await patchJoin({ periods: [{ name: "monthly", presetAmounts: [1, 2, 3, 4, 5, 6, 7] }] })).statusCode).toBe(
      400,
    );
  });

  it("needs a payment method unless people may join without a contribution", async () => {
    const none = await patchJoin({ paymentMethods: [] });
    expect(none.statusCode).toBe(400);
    expect(errorProperties(none)).toContain("paymentMethods");

    const free = await patchJoin({ paymentMethods: [], showNoContribution: true });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toMatchObject({ paymentMethods: [], showNoContribution: true });

    const restored = await patchJoin({ paymentMethods: [...paymentMethods], showNoContribution: false });
    expect(restored.statusCode).toBe(200);
  });
});

describe("the join form's rules at signup", () => {
  const paidSignup = (amount: number, period: "monthly" | "annually" = "monthly") =>
    call(t.app, "POST", "/signup", {
      body: {
        email: uniqueEmail("joiner"),
        ...urls,
        contribution: { amount, period, payFee: false, prorate: false, paymentMethod: "s_card", completeUrl },
      },
    });

  it("refuses a contribution under a raised minimum and takes one at it", async () => {
    const raised = await patchJoin({
      minMonthlyAmount: 5,
      periods: [
        { name: "monthly", presetAmounts: [5, 10] },
        { name: "annually", presetAmounts: [60, 120] },
      ],
      initialAmount: 10,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const under = await paidSignup(4);
    expect(under.statusCode).toBe(400);
    expect(errorProperties(under).some((property) => property.startsWith("contribution"))).toBe(true);
    expect((await paidSignup(59, "annually")).statusCode).toBe(400);
    expect((await paidSignup(5)).statusCode).toBe(200);
  });

  it("refuses joining without a contribution unless the form offers it", async () => {
    const free = () => call(t.app, "POST", "/signup", { body: { email: uniqueEmail("free"), ...urls } });
    const refused = await free();
    expect(refused.statusCode).toBe(400);
    expect(errorProperties(refused)).toEqual(["contribution"]);

    expect((await patchJoin({ showNoContribution: true })).statusCode).toBe(200);
    expect((await free()).statusCode).toBe(204);
    expect((await patchJoin({ showNoContribution: false })).statusCode).toBe(200);
  });
});

describe("payment methods and providers", () => {
  it("lists only the methods an enabled provider takes, and Stripe's key only when Stripe is set up", async () => {
    const stripeOnly = await createTestApp({
      NODE_ENV: "production",
      CURRENCY_CODE: "EUR",
      STRIPE_SECRET_KEY: "sk_test_cohort_stand_in",
      STRIPE_PUBLISHABLE_KEY: "pk_test_cohort_stand_in",
      STRIPE_WEBHOOK_SECRET: "whsec_cohort_stand_in",
    });
    try {
      const join = (await call(stripeOnly.app, "GET", "/content/join")).json();
      expect(join.paymentMethods).toEqual(["s_card", "s_sepa", "s_bacs", "s_paypal", "s_ideal"]);
      expect(join).toMatchObject({ stripePublicKey: "pk_test_cohort_stand_in", stripeCountry: "eu" });
    } finally {
      await stripeOnly.close();
    }
  });
});

describe("GET and PATCH /content/join/setup", () => {
  it("has the defaults, for anyone", async () => {
    const response = await call(t.app, "GET", "/content/join/setup");
    expect(response.statusCode).toBe(200);
    expect(joinSetupContentSchema.parse(response.json())).toEqual(defaultJoinSetupContent);
  });

  it("is refused to members and to anonymous callers", async () => {
    expect((await patchSetup({ welcome: "Hello" }, memberCookie)).statusCode).toBe(403);
    expect((await patchSetup({ welcome: "Hello" }, null)).statusCode).toBe(403);
  });

  it("keeps an admin's texts, newsletter groups and survey", async () => {
    const survey = await makeCallout(t.database.db, t.clock, { title: "Why did you join?" });
    const response = await patchSetup({
      welcome: "Welcome aboard!",
      newsletterGroups: [
        { id: "weekly", label: "Weekly digest", checked: true },
        { id: "events", label: "Events", checked: false },
      ],
      showMailOptIn: true,
      mailTitle: "The print edition",
      surveySlug: survey.slug,
      surveyRequired: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const read = (await call(t.app, "GET", "/content/join/setup")).json();
    expect(read).toMatchObject({
      welcome: "Welcome aboard!",
      showNewsletterOptIn: true,
      showMailOptIn: true,
      mailTitle: "The print edition",
      surveySlug: survey.slug,
      surveyRequired: true,
    });
    expect(read.newsletterGroups).toHaveLength(2);

    const cleared = await patchSetup({ surveySlug: "", surveyRequired: false });
    expect(cleared.json()).toMatchObject({ surveySlug: "", surveyRequired: false, welcome: "Welcome aboard!" });
  });

  it("refuses an unknown survey slug, unknown fields and a group without a label", async () => {
    const unknown = await patchSetup({ surveySlug: "no-such-callout" });
    expect(unknown.statusCode).toBe(400);
    expect(errorProperties(unknown)).toEqual(["surveySlug"]);
    expect((await patchSetup({ survey: "x" })).statusCode).toBe(400);
    expect((await patchSetup({ newsletterGroups: [{ id: "a", label: "", checked: false }] })).statusCode).toBe(400);
    expect((await call(t.app, "GET", "/content/join/setup")).json().surveySlug).toBe("");
  });
});

describe("the join pages' rich texts", () => {
  const dirty =
    '<p>Join <strong>us</strong><script>alert(1)</script> and <a href="javascript:alert(1)">read</a> ' +
    '<a href="https://example.org/about">more</a><img src="x" onerror="alert(1)"></p>';
  const clean =
    '<p>Join <strong>us</strong> and <a rel="noopener noreferrer">read</a> ' +
    '<a href="https://example.org/about" rel="noopener noreferrer">more</a><img /></p>';

  it("sanitises the join form's subtitle when it is saved", async () => {
    const response = await patchJoin({ subtitle: dirty, title: "<b>Plain title</b>" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ subtitle: clean });
    expect((await call(t.app, "GET", "/content/join")).json().subtitle).toBe(clean);
    await patchJoin({ subtitle: "", title: "" });
  });

  it("sanitises the welcome, delivery and survey texts and keeps plain texts as written", async () => {
    const plain = "Tom & Jerry say: under 18s < welcome.\n\nA second paragraph";
    const response = await patchSetup({ welcome: dirty, mailText: dirty, surveyText: dirty, newsletterText: plain });
    expect(response.statusCode, response.body).toBe(200);
    const read = (await call(t.app, "GET", "/content/join/setup")).json();
    expect(read).toMatchObject({ welcome: clean, mailText: clean, surveyText: clean, newsletterText: plain });

    expect((await patchSetup({ welcome: plain })).json().welcome).toBe(plain);
    await patchSetup({ welcome: "", mailText: "", surveyText: "", newsletterText: "" });
  });

  it("refuses a text the sanitiser makes longer than the limit, and keeps the stored one", async () => {
    const links = '<a href="https://example.org">x</a>'.repeat(140);
    expect(links.length).toBeLessThanOrEqual(5000);
    const response = await patchSetup({ surveyText: links });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "invalid-request", httpCode: 400 });
    expect(errorProperties(response)).toEqual(["surveyText"]);
    expect((await call(t.app, "GET", "/content/join/setup")).json().surveyText).toBe("");
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversionStatsSchema } from "@cohort/common/stats";
import { calloutResponses, contacts } from "../src/db/schema/index.js";
import { updateJoinContent } from "../src/modules/content/service.js";
import { upsertRole } from "../src/modules/contacts/queries.js";
import { defaultAnswers, loginAs, makeCallout, respond, type MadeCallout } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { rulesQuery } from "./helpers/inbox-fixture.js";
import { lastEmailTo } from "./helpers/outbox.js";
import { checkout } from "./helpers/test-checkout.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

const urls = {
  loginUrl: "http://localhost:3000/auth/login",
  setPasswordUrl: "http://localhost:3000/auth/set-password",
  confirmUrl: "http://localhost:3000/join/confirm-email",
};
const completeUrl = "http://localhost:3000/join/complete";
const campaign = { utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring-rivers", ref: "ada" };

let t: TestApp;
let adminCookie: string;
let memberId: string;
let memberCookie: string;
let callout: MadeCallout;
let fromCampaign: string;
let plain: string;

const uniqueEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.org`;
const idsOf = (body: { items: { id: string }[] }) => body.items.map((item) => item.id).sort();

beforeAll(async () => {
  t = await createTestApp();
  await updateJoinContent(t.ctx, { showNoContribution: true });
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
  const member = await makeContact(t.database.db, { roles: ["member"] });
  memberId = member.id;
  memberCookie = await loginAs(t.app, member);
  callout = await makeCallout(t.database.db, t.clock, { access: "anonymous", allowMultiple: true });
  const answered = await respond(
    t.app,
    callout.slug,
    { answers: defaultAnswers(), attribution: campaign },
    {
      cookie: memberCookie,
    },
  );
  expect(answered.statusCode, answered.body).toBe(200);
  fromCampaign = answered.json<{ id: string }>().id;
  const anonymous = await respond(t.app, callout.slug, {
    answers: defaultAnswers("Bea"),
    attribution: { utmSource: "social" },
  });
  expect(anonymous.statusCode, anonymous.body).toBe(200);
  plain = (await respond(t.app, callout.slug, { answers: defaultAnswers("Cy") }, { cookie: memberCookie })).json<{
    id: string;
  }>().id;
});
afterAll(() => t.close());

describe("campaign fields on an answer", () => {
  it("keeps them on the response and shows them to staff, not to the member who answered", async () => {
    const staff = await call(t.app, "GET", `/callout-responses/${fromCampaign}`, { cookie: adminCookie });
    expect(staff.json()).toMatchObject({ attribution: campaign });
    const without = await call(t.app, "GET", `/callout-responses/${plain}`, { cookie: adminCookie });
    expect(without.json()).not.toHaveProperty("attribution");
    const own = await call(t.app, "GET", `/callout-responses/${fromCampaign}`, { cookie: memberCookie });
    expect(own.statusCode).toBe(200);
    expect(own.json()).not.toHaveProperty("attribution");
  });

  it("keeps the first answer's fields when a later answer overwrites it", async () => {
    const once = await makeCallout(t.database.db, t.clock, { access: "member", allowUpdate: true });
    const first = await respond(
      t.app,
      once.slug,
      { answers: defaultAnswers(), attribution: { utmSource: "newsletter" } },
      { cookie: memberCookie },
    );
    expect(first.statusCode, first.body).toBe(200);
    const again = await respond(
      t.app,
      once.slug,
      { answers: defaultAnswers("Bo"), attribution: { utmSource: "social", ref: "bo" } },
      { cookie: memberCookie },
    );
    expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    const shown = await call(t.app, "GET", `/callout-responses/${first.json<{ id: string }>().id}`, {
      cookie: adminCookie,
    });
    expect(shown.json<{ attribution: object }>().attribution).toEqual({ utmSource: "newsletter" });
  });

  it.each([
    ["too long", { utmSource: "x".repeat(101) }],
    ["a control character", { utmSource: "news\nletter" }],
    ["an invisible format character", { utmCampaign: "spring\u202erivers" }],
    ["empty", { ref: "  " }],
    ["not text", { utmMedium: 5 }],
    ["an unknown key", { utmTerm: "rivers" }],
  ])("refuses a value that is %s with a 400, answer and join alike", async (_, attribution) => {
    const answer = await respond(t.app, callout.slug, { answers: defaultAnswers(), attribution });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ httpCode: 400, code: "invalid-request" });
    const join = await call(t.app, "POST", "/signup", { body: { email: uniqueEmail("bad"), ...urls, attribution } });
    expect(join.statusCode).toBe(400);
    expect(join.json()).toMatchObject({ httpCode: 400, code: "invalid-request" });
  });

  it("takes 100 printable characters, spaces trimmed", async () => {
    const utmSource = "é".repeat(100);
    const answer = await respond(t.app, callout.slug, {
      answers: defaultAnswers(),
      attribution: { utmSource: ` ${utmSource} ` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await t.database.db
      .select({ utmSource: calloutResponses.utmSource })
      .from(calloutResponses)
      .where(eq(calloutResponses.id, answer.json<{ id: string }>().id));
    expect(row?.utmSource).toBe(utmSource);
  });

  it("filters the responses list by them", async () => {
    const list = (rules: unknown[]) =>
      call(t.app, "GET", `/callout/${callout.id}/responses?${rulesQuery(rules)}`, { cookie: adminCookie });
    const bySource = await list([{ field: "utmSource", operator: "equal", value: ["newsletter"] }]);
    expect(idsOf(bySource.json())).toEqual([fromCampaign]);
    const campaignLess = await list([{ field: "utmCampaign", operator: "is_empty", value: [] }]);
    expect(campaignLess.json<{ items: { id: string }[] }>().items.map((item) => item.id)).toContain(plain);
    expect(idsOf(campaignLess.json())).not.toContain(fromCampaign);
    const everywhere = await call(
      t.app,
      "GET",
      `/callout-responses?${rulesQuery([{ field: "ref", operator: "begins_with", value: ["AD"] }])}`,
      { cookie: adminCookie },
    );
    expect(idsOf(everywhere.json())).toEqual([fromCampaign]);
    const wrong = await list([{ field: "utmSource", operator: "greater", value: ["a"] }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "invalid-rule" });
  });

  it("filters contacts by those of their answers to a callout", async () => {
    const list = (field: string, value: string) =>
      call(
        t.app,
        "GET",
        `/contact?${rulesQuery([{ field: `callouts.${callout.id}.responses.${field}`, operator: "equal", value: [value] }])}`,
        { cookie: adminCookie },
      );
    const bySource = await list("utmSource", "newsletter");
    expect(bySource.statusCode, bySource.body).toBe(200);
    expect(idsOf(bySource.json())).toEqual([memberId]);
    // The anonymous answer from "social" is nobody's.
    expect((await list("utmSource", "social")).json<{ total: number }>().total).toBe(0);
  });

  it("writes them in the responses CSV", async () => {
    const response = await call(t.app, "GET", `/callout/${callout.id}/responses.csv`, { cookie: adminCookie });
    expect(response.statusCode).toBe(200);
    const { data } = Papa.parse<Record<string, string>>(response.body, { header: true, skipEmptyLines: true });
    expect(data.find((row) => row.UtmSource === "newsletter")).toMatchObject({
      UtmMedium: "email",
      UtmCampaign: "spring-rivers",
      Ref: "ada",
      "Your name": "Ada",
    });
    expect(data.find((row) => row["Your name"] === "Cy")).toMatchObject({ UtmSource: "", Ref: "" });
  });
});

describe("campaign fields on a join", () => {
  async function confirmLinkId(address: string): Promise<string> {
    const email = await lastEmailTo(t, address, "confirm-email");
    return (email.mergeFields.CONFIRMLINK ?? "").slice(urls.confirmUrl.length + 1);
  }

  async function contactOf(email: string) {
    const [row] = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
    expect(row).toBeDefined();
    return row!;
  }

  it("keeps them with a free join until the emailed link makes the contact", async () => {
    const email = uniqueEmail("free");
    const signup = await call(t.app, "POST", "/signup", {
      body: { email, ...urls, attribution: { utmSource: "podcast", ref: "episode-12" } },
    });
    expect(signup.statusCode, signup.body).toBe(204);
    const confirm = await call(t.app, "POST", "/signup/confirm-email", {
      body: { joinFlowId: await confirmLinkId(email) },
    });
    expect(confirm.statusCode).toBe(200);
    // The new member's own view does not show them.
    expect(confirm.json()).not.toHaveProperty("joinAttribution");
    const contact = await contactOf(email);
    const shown = await call(t.app, "GET", `/contact/${contact.id}`, { cookie: adminCookie });
    expect(shown.json()).toMatchObject({ joinAttribution: { utmSource: "podcast", ref: "episode-12" } });
    expect(shown.json<{ joinAttribution: object }>().joinAttribution).not.toHaveProperty("utmMedium");
  });

  it("keeps them through the payment provider's return and the confirmation", async () => {
    const email = uniqueEmail("paid");
    const signup = await call(t.app, "POST", "/signup", {
      body: {
        email,
        ...urls,
        attribution: { utmSource: "social", utmMedium: "post", utmCampaign: "bridges" },
        contribution: { amount: 5, period: "monthly", payFee: false, paymentMethod: "s_card", completeUrl },
      },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const providerFlowId = await checkout(t, signup.json<{ redirectUrl: string }>().redirectUrl, "successful");
    const complete = await call(t.app, "POST", "/signup/complete", { body: { paymentFlowId: providerFlowId } });
    expect(complete.statusCode).toBe(204);
    const confirm = await call(t.app, "POST", "/signup/confirm-email", {
      body: { joinFlowId: await confirmLinkId(email) },
    });
    expect(confirm.statusCode).toBe(200);
    expect(await contactOf(email)).toMatchObject({
      joinUtmSource: "social",
      joinUtmMedium: "post",
      joinUtmCampaign: "bridges",
      joinRef: null,
      contributionType: "Automatic",
    });
  });

  it("filters the contacts list by them and writes them in the contacts CSV", async () => {
    const rules = rulesQuery([{ field: "joinUtmCampaign", operator: "equal", value: ["bridges"] }]);
    const list = await call(t.app, "GET", `/contact?${rules}`, { cookie: adminCookie });
    expect(list.statusCode).toBe(200);
    const emails = list.json<{ items: { email: string }[] }>().items.map((item) => item.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatch(/^paid\./);
    const none = await call(
      t.app,
      "GET",
      `/contact?${rulesQuery([{ field: "joinUtmSource", operator: "is_not_empty", value: [] }])}`,
      { cookie: adminCookie },
    );
    expect(none.json<{ total: number }>().total).toBe(2);

    const csv = await call(t.app, "GET", "/contact.csv", { cookie: adminCookie });
    const { data } = Papa.parse<Record<string, string>>(csv.body, { header: true, skipEmptyLines: true });
    expect(data.find((row) => row.EmailAddress?.startsWith("free."))).toMatchObject({
      JoinUtmSource: "podcast",
      JoinUtmMedium: "",
      JoinRef: "episode-12",
    });
  });
});

describe("GET /stats/callout-conversions", () => {
  const at = (iso: string) => new Date(iso);
  const range = "from=2020-03-01&to=2020-03-31";
  let rivers: MadeCallout;
  let bridges: MadeCallout;

  beforeAll(async () => {
    const db = t.database.db;
    rivers = await makeCallout(db, t.clock, { title: "Rivers" });
    bridges = await makeCallout(db, t.clock, { title: "Bridges" });
    const numbers = new Map<string, number>();
    const answer = async (made: MadeCallout, contactId: string | null, when: string, utmSource: string | null) => {
      const number = (numbers.get(made.id) ?? 0) + 1;
      numbers.set(made.id, number);
      await db.insert(calloutResponses).values({
        id: randomUUID(),
        calloutId: made.id,
        number,
        contactId,
        answers: defaultAnswers(),
        utmSource,
        createdAt: at(when),
        updatedAt: at(when),
      });
    };
    const person = async (memberFrom?: string) => {
      const contact = await makeContact(db);
      if (memberFrom) {
        await upsertRole(db, { contactId: contact.id, role: "member", dateAdded: at(memberFrom), dateExpires: null });
      }
      return contact.id;
    };
    // Joined five days after answering: brought by Rivers, from the newsletter.
    await answer(rivers, await person("2020-03-10T09:00:00Z"), "2020-03-05T09:00:00Z", "newsletter");
    // Joined 45 days after answering: too late to count.
    await answer(rivers, await person("2020-04-20T09:00:00Z"), "2020-03-06T09:00:00Z", "social");
    // A member before answering.
    await answer(rivers, await person("2020-01-01T00:00:00Z"), "2020-03-07T09:00:00Z", "social");
    // First answered Rivers before the period: the answer in it counts, the join is not this period's.
    const early = await person("2020-03-09T09:00:00Z");
    await answer(rivers, early, "2020-02-20T09:00:00Z", "newsletter");
    await answer(rivers, early, "2020-03-08T09:00:00Z", "social");
    // Answered Bridges, joined an hour later, then answered Rivers as a member.
    const both = await person("2020-03-12T10:00:00Z");
    await answer(bridges, both, "2020-03-12T09:00:00Z", "social");
    await answer(rivers, both, "2020-03-13T09:00:00Z", null);
    // A guest answer, linked to nobody.
    await answer(bridges, null, "2020-03-15T09:00:00Z", "newsletter");
    // Joined exactly 30 days after answering: counts; 30 days and a minute: does not.
    await answer(bridges, await person("2020-04-19T00:00:00Z"), "2020-03-20T00:00:00Z", null);
    await answer(bridges, await person("2020-04-20T00:01:00Z"), "2020-03-21T00:00:00Z", null);
    // After the period.
    await answer(rivers, await person("2020-04-03T09:00:00Z"), "2020-04-02T09:00:00Z", "newsletter");
  });

  it("counts each callout's answers and the members who joined within 30 days of answering, as worked out by hand", async () => {
    const response = await call(t.app, "GET", `/stats/callout-conversions?${range}`, { cookie: adminCookie });
    expect(response.statusCode, response.body).toBe(200);
    const body = conversionStatsSchema.parse(response.json());
    expect(body).toEqual({
      by: "callout",
      windowDays: 30,
      items: [
        { calloutId: rivers.id, calloutSlug: rivers.slug, calloutTitle: "Rivers", answers: 5, members: 1 },
        { calloutId: bridges.id, calloutSlug: bridges.slug, calloutTitle: "Bridges", answers: 4, members: 2 },
      ],
    });
  });

  it("counts the same by the answers' source, answers without one together", async () => {
    const response = await call(t.app, "GET", `/stats/callout-conversions?${range}&by=source`, {
      cookie: adminCookie,
    });
    expect(response.json()).toEqual({
      by: "source",
      windowDays: 30,
      items: [
        { source: "social", answers: 4, members: 1 },
        { source: null, answers: 3, members: 1 },
        { source: "newsletter", answers: 2, members: 1 },
      ],
    });
    const first = await call(t.app, "GET", `/stats/callout-conversions?${range}&by=source&limit=1`, {
      cookie: adminCookie,
    });
    expect(first.json<{ items: unknown[] }>().items).toEqual([{ source: "social", answers: 4, members: 1 }]);
  });

  it("is for admins only and refuses a malformed period", async () => {
    const path = `/stats/callout-conversions?${range}`;
    expect((await call(t.app, "GET", path)).statusCode).toBe(403);
    expect((await call(t.app, "GET", path, { cookie: memberCookie })).statusCode).toBe(403);
    for (const query of [
      "from=2020-03-31&to=2020-03-01",
      `${range}&by=medium`,
      `${range}&limit=0`,
      "from=2020-03-01",
    ]) {
      const bad = await call(t.app, "GET", `/stats/callout-conversions?${query}`, { cookie: adminCookie });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toMatchObject({ httpCode: 400, code: "invalid-request" });
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { CreateCallout } from "@cohort/common/callouts";
import { calloutListSchema, calloutSchema } from "@cohort/common/callouts";
import { calloutResponses, callouts } from "../src/db/schema/index.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let memberCookie: string;
let memberId: string;
const DAY = 86_400_000;

export function calloutBody(overrides: Partial<CreateCallout> = {}, title = "Where do you cycle?"): CreateCallout {
  return {
    image: "",
    allowUpdate: false,
    allowMultiple: false,
    hidden: false,
    access: "anonymous",
    captcha: "none",
    formSchema: {
      slides: [
        {
          id: "slide1",
          title: "About you",
          navigation: { nextSlideId: null },
          components: [
            { id: "c1", key: "name", type: "textfield", label: "Your name", input: true, validate: { required: true } },
            {
              id: "c2",
              key: "colour",
              type: "select",
              label: "Colour",
              input: true,
              data: { values: [{ label: "Red", value: "red" }] },
            },
          ],
        },
      ],
    },
    variants: {
      default: {
        title,
        excerpt: "Tell us about your route",
        intro: "<p>Hello</p><script>alert(1)</script>",
        thanksTitle: "Thanks",
        thanksText: "<p>We read every answer</p>",
        slideNavigation: { slide1: { prevText: "Back", nextText: "Next", submitText: "Send" } },
        componentText: {},
      },
    },
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  const member = await makeContact(t.database.db, { roles: ["member"] });
  memberId = member.id;
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
  memberCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: member.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(callouts);
});

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const asAdmin = (method: Method, path: string, body?: unknown) =>
  call(t.app, method, path, { cookie: adminCookie, body });
const asMember = (method: Method, path: string, body?: unknown) =>
  call(t.app, method, path, { cookie: memberCookie, body });

async function create(overrides: Partial<CreateCallout> = {}, title?: string) {
  const response = await asAdmin("POST", "/callout", calloutBody(overrides, title));
  expect(response.statusCode, response.body).toBe(200);
  return calloutSchema.parse(response.json());
}

const iso = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();

describe("creating callouts", () => {
  it("creates a draft with a slug made from the title, and numbers clashing slugs", async () => {
    const first = await create({}, "Où est la Straße?");
    expect(first).toMatchObject({ slug: "ou-est-la-strasse", status: "draft", title: "Où est la Straße?" });
    const second = await create({}, "Où est la Straße?");
    expect(second.slug).toBe("ou-est-la-strasse-1");
  });

  it("refuses a slug that is taken, or not a slug", async () => {
    await create({ slug: "bikes" });
    const taken = await asAdmin("POST", "/callout", calloutBody({ slug: "bikes" }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: "duplicate-id" });
    const spaced = await asAdmin("POST", "/callout", calloutBody({ slug: "two words" }));
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json()).toMatchObject({ code: "invalid-request" });
  });

  it("requires the default variant and a consistent form", async () => {
    const body = calloutBody();
    const noDefault = await asAdmin("POST", "/callout", { ...body, variants: { de: body.variants.default } });
    expect(noDefault.statusCode).toBe(400);
    expect(JSON.stringify(noDefault.json())).toContain("Default variant is required");

    const slide = body.formSchema.slides[0]!;
    const twice = { slides: [{ ...slide, components: [slide.components[0]!, slide.components[0]!] }] };
    expect((await asAdmin("POST", "/callout", { ...body, formSchema: twice })).statusCode).toBe(400);

    const badType = { slides: [{ ...slide, components: [{ id: "x", key: "x", type: "rocket" }] }] };
    expect((await asAdmin("POST", "/callout", { ...body, formSchema: badType })).statusCode).toBe(400);

    expect((await asAdmin("POST", "/callout", { ...body, surprise: true })).statusCode).toBe(400);
    expect((await asAdmin("POST", "/callout", { ...body, access: "everyone" })).statusCode).toBe(400);
  });

  it("removes scripts from the texts admins write", async () => {
    const callout = await create();
    const read = await asAdmin("GET", `/callout/${callout.id}?with=form`);
    expect(read.json().intro).toBe("<p>Hello</p>");
  });

  it("is for admins only", async () => {
    expect((await asMember("POST", "/callout", calloutBody())).statusCode).toBe(403);
    expect((await call(t.app, "POST", "/callout", { body: calloutBody() })).statusCode).toBe(403);
  });
});

describe("reading callouts", () => {
  it("finds a callout by id or slug, with the form texts of the variant", async () => {
    const callout = await create({ slug: "routes", starts: iso(-DAY) });
    for (const key of [callout.id, "routes"]) {
      const response = await call(t.app, "GET", `/callout/${key}?with=form&with=variantNames`);
      expect(response.statusCode, response.body).toBe(200);
      const body = calloutSchema.parse(response.json());
      expect(body.status).toBe("open");
      expect(body.variantNames).toEqual(["default"]);
      expect(body.formSchema?.slides[0]?.navigation).toEqual({
        prevText: "Back",
        nextText: "Next",
        submitText: "Send",
        nextSlideId: null,
      });
      expect(body.thanksTitle).toBe("Thanks");
      expect(body).not.toHaveProperty("thanksRedirect");
    }
    expect((await call(t.app, "GET", "/callout/nope")).statusCode).toBe(404);
    const missingVariant = await call(t.app, "GET", `/callout/${callout.id}?variant=nl`);
    expect(missingVariant.statusCode).toBe(404);
    expect(missingVariant.json()).toMatchObject({ code: "variant-not-found" });
  });

  it("derives the status from the dates", async () => {
    const draft = await create({ expires: iso(DAY) });
    const scheduled = await create({ starts: iso(DAY) });
    const open = await create({ starts: iso(-DAY), expires: iso(DAY) });
    const ended = await create({ starts: iso(-2 * DAY), expires: iso(-DAY) });
    expect([draft.status, scheduled.status, open.status, ended.status]).toEqual([
      "draft",
      "scheduled",
      "open",
      "ended",
    ]);
    t.clock.advance(2 * DAY);
    const later = await asAdmin("GET", `/callout/${open.id}`);
    expect(later.json().status).toBe("ended");
    t.clock.advance(-2 * DAY);
  });

  it("shows visitors live callouts only, while admins see everything", async () => {
    await create({}, "Draft");
    await create({ starts: iso(DAY) }, "Scheduled");
    await create({ starts: iso(-DAY) }, "Open");
    await create({ starts: iso(-DAY), hidden: true }, "Hidden");
    await create({ starts: iso(-2 * DAY), expires: iso(-DAY) }, "Ended");
    const titles = async (response: Awaited<ReturnType<typeof call>>) =>
      calloutListSchema
        .parse(response.json())
        .items.map((item) => item.title)
        .sort();
    expect(await titles(await call(t.app, "GET", "/callout"))).toEqual(["Ended", "Open"]);
    expect(await titles(await asAdmin("GET", "/callout"))).toEqual(["Draft", "Ended", "Hidden", "Open", "Scheduled"]);
  });

  it("lets visitors open a scheduled or hidden callout directly, but not a draft", async () => {
    const draft = await create({}, "Draft");
    const scheduled = await create({ starts: iso(DAY) }, "Scheduled");
    const hidden = await create({ starts: iso(-DAY), hidden: true }, "Hidden");
    expect((await call(t.app, "GET", `/callout/${draft.id}`)).statusCode).toBe(404);
    expect((await asMember("GET", `/callout/${draft.slug}`)).statusCode).toBe(404);
    expect((await call(t.app, "GET", `/callout/${scheduled.slug}`)).json().status).toBe("scheduled");
    expect((await call(t.app, "GET", `/callout/${hidden.slug}`)).statusCode).toBe(200);
  });

  it("filters by status, title and dates, and sorts by title", async () => {
    await create({ starts: iso(-DAY) }, "Bravo bikes");
    await create({ starts: iso(-DAY) }, "Alpha walks");
    await create({}, "Charlie buses");
    const list = async (rules: unknown, extra = "") => {
      const response = await asAdmin("GET", `/callout?rules=${encodeURIComponent(JSON.stringify(rules))}${extra}`);
      expect(response.statusCode, response.body).toBe(200);
      return calloutListSchema.parse(response.json()).items.map((item) => item.title);
    };
    const open = { condition: "AND", rules: [{ field: "status", operator: "equal", value: ["open"] }] };
    expect(await list(open, "&sort=title&order=ASC")).toEqual(["Alpha walks", "Bravo bikes"]);
    expect(await list(open, "&sort=title&order=DESC")).toEqual(["Bravo bikes", "Alpha walks"]);
    expect(await list({ condition: "AND", rules: [{ field: "title", operator: "contains", value: ["BUS"] }] })).toEqual(
      ["Charlie buses"],
    );
    expect(await list({ condition: "AND", rules: [{ field: "starts", operator: "is_empty", value: [] }] })).toEqual([
      "Charlie buses",
    ]);
    const notEqual = await asAdmin(
      "GET",
      `/callout?rules=${encodeURIComponent(JSON.stringify({ condition: "AND", rules: [{ field: "status", operator: "not_equal", value: ["open"] }] }))}`,
    );
    expect(notEqual.statusCode).toBe(400);
    expect(notEqual.json()).toMatchObject({ code: "invalid-rule" });
    const unknown = await asAdmin(
      "GET",
      `/callout?rules=${encodeURIComponent('{"condition":"AND","rules":[{"field":"x","operator":"equal","value":["1"]}]}')}`,
    );
    expect(unknown.json()).toMatchObject({ code: "invalid-rule" });
    expect((await asAdmin("GET", "/callout?rules=%7Bnot-json")).statusCode).toBe(400);
  });

  it("counts responses for admins only and tells a member what they answered", async () => {
    const callout = await create({ starts: iso(-DAY) });
    const now = t.clock.now();
    await t.database.db.insert(calloutResponses).values([
      {
        id: randomUUID(),
        calloutId: callout.id,
        number: 1,
        contactId: memberId,
        answers: {},
        createdAt: now,
        updatedAt: now,
      },
      {
        id: randomUUID(),
        calloutId: callout.id,
        number: 2,
        contactId: null,
        answers: {},
        createdAt: now,
        updatedAt: now,
      },
    ]);
    const asAdminList = calloutListSchema.parse((await asAdmin("GET", "/callout?with=responseCount")).json());
    expect(asAdminList.items[0]?.responseCount).toBe(2);
    const member = calloutSchema.parse(
      (await asMember("GET", `/callout/${callout.id}?with=responseCount&with=hasAnswered`)).json(),
    );
    expect(member.responseCount).toBeUndefined();
    expect(member.hasAnswered).toBe(true);
    const answeredByMe = { condition: "AND", rules: [{ field: "answeredBy", operator: "equal", value: ["me"] }] };
    const mine = await asMember("GET", `/callout?rules=${encodeURIComponent(JSON.stringify(answeredByMe))}`);
    expect(mine.json().total).toBe(1);
    const someoneElse = {
      condition: "AND",
      rules: [{ field: "answeredBy", operator: "equal", value: [randomUUID()] }],
    };
    expect(
      (await asMember("GET", `/callout?rules=${encodeURIComponent(JSON.stringify(someoneElse))}`)).statusCode,
    ).toBe(403);
  });

  it("falls back to the default texts in lists when a callout lacks the variant asked for", async () => {
    const base = calloutBody();
    await create({
      starts: iso(-DAY),
      variants: { ...base.variants, de: { ...base.variants.default!, title: "Wo fährst du?" } },
    });
    await create({ starts: iso(-DAY) }, "Only English");
    const list = calloutListSchema.parse((await call(t.app, "GET", "/callout?variant=de&sort=title")).json());
    expect(list.items.map((item) => item.title).sort()).toEqual(["Only English", "Wo fährst du?"]);
  });
});

describe("changing callouts", () => {
  it("publishes, ends, reopens and reverts to draft through the dates", async () => {
    const callout = await create();
    const publish = await asAdmin("PATCH", `/callout/${callout.id}`, { starts: iso(0), expires: null });
    expect(publish.json().status).toBe("open");
    t.clock.advance(1000);
    const end = await asAdmin("PATCH", `/callout/${callout.id}`, { expires: iso(0) });
    t.clock.advance(1000);
    expect((await asAdmin("GET", `/callout/${callout.id}`)).json().status).toBe("ended");
    expect(end.statusCode).toBe(200);
    const reopen = await asAdmin("PATCH", `/callout/${callout.id}`, { expires: null });
    expect(reopen.json().status).toBe("open");
    const revert = await asAdmin("PATCH", `/callout/${callout.id}`, { starts: null, expires: null });
    expect(revert.json().status).toBe("draft");
  });

  it("replaces the variants and the form when they are sent", async () => {
    const callout = await create();
    const base = calloutBody();
    const variants = {
      default: { ...base.variants.default!, title: "New title" },
      nl: { ...base.variants.default!, title: "Nieuw" },
    };
    const response = await asAdmin("PATCH", `/callout/${callout.slug}`, { variants });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().title).toBe("New title");
    const read = calloutSchema.parse(
      (await asAdmin("GET", `/callout/${callout.id}?with=variantNames&variant=nl`)).json(),
    );
    expect(read.variantNames).toEqual(["default", "nl"]);
    expect(read.title).toBe("Nieuw");
  });

  it("locks the slug once the callout has been published", async () => {
    const callout = await create();
    expect((await asAdmin("PATCH", `/callout/${callout.id}`, { slug: "renamed" })).statusCode).toBe(200);
    await asAdmin("PATCH", `/callout/${callout.id}`, { starts: iso(-1000) });
    const locked = await asAdmin("PATCH", `/callout/${callout.id}`, { slug: "again" });
    expect(locked.statusCode).toBe(400);
    const other = await create();
    const clash = await asAdmin("PATCH", `/callout/${other.id}`, { slug: "renamed" });
    expect(clash.json()).toMatchObject({ code: "duplicate-id" });
  });

  it("replicates a callout as a new draft without its responses", async () => {
    const callout = await create({ slug: "bikes", starts: iso(-DAY) });
    const now = t.clock.now();
    await t.database.db
      .insert(calloutResponses)
      .values({ id: randomUUID(), calloutId: callout.id, number: 1, answers: {}, createdAt: now, updatedAt: now });
    const copy = await asAdmin("POST", `/callout?fromId=${callout.id}`, { starts: null, expires: null });
    expect(copy.statusCode, copy.body).toBe(200);
    const body = calloutSchema.parse(copy.json());
    expect(body).toMatchObject({ slug: expect.stringMatching(/^where-do-you-cycle/), status: "draft" });
    expect(body.title).toBe(callout.title);
    expect(body.id).not.toBe(callout.id);
    const read = calloutSchema.parse((await asAdmin("GET", `/callout/${body.id}?with=form&with=responseCount`)).json());
    expect(read.responseCount).toBe(0);
    expect(read.formSchema?.slides).toHaveLength(1);
    expect((await asAdmin("POST", `/callout?fromId=${randomUUID()}`, {})).statusCode).toBe(404);
    expect((await asAdmin("POST", `/callout?fromId=${callout.id}`, { access: "nobody" })).statusCode).toBe(400);
  });

  it("makes a copy a draft whose slug follows its own title, whatever the body", async () => {
    const callout = await create({ slug: "rivers", starts: iso(-DAY) }, "Clean rivers");
    const plain = calloutSchema.parse((await asAdmin("POST", `/callout?fromId=${callout.id}`, {})).json());
    expect(plain).toMatchObject({ slug: "clean-rivers", status: "draft", starts: null, expires: null });
    const again = calloutSchema.parse((await asAdmin("POST", `/callout?fromId=${callout.id}`, {})).json());
    expect(again.slug).toBe("clean-rivers-1");
    const variants = { default: { ...calloutBody().variants.default!, title: "Muddy rivers" } };
    const renamed = await asAdmin("POST", `/callout?fromId=${callout.id}`, { variants });
    expect(calloutSchema.parse(renamed.json())).toMatchObject({ slug: "muddy-rivers", status: "draft" });
  });

  it("saves a draft with display settings half filled in, and refuses to publish it until they are whole", async () => {
    const map = {
      style: "",
      center: [0, 0] as [number, number],
      bounds: [
        [-1, -1],
        [1, 1],
      ] as [[number, number], [number, number]],
      minZoom: 1,
      maxZoom: 10,
      initialZoom: 5,
      addressProp: "",
      addressPattern: "",
      addressPatternProp: "",
    };
    const view = { buckets: [], titleProp: "", imageProp: "", imageFilter: "", links: [], gallery: true, map };
    const draft = await create({ responseViewSchema: view });
    expect(draft.status).toBe("draft");
    const publish = await asAdmin("PATCH", `/callout/${draft.id}`, { starts: iso(-1000) });
    expect(publish.statusCode).toBe(400);
    expect(publish.json()).toMatchObject({ code: "invalid-request" });
    expect(publish.json().errors[0]).toMatchObject({ property: "responseViewSchema.imageProp" });
    const open = await asAdmin("POST", "/callout", calloutBody({ starts: iso(-1000), responseViewSchema: view }));
    expect(open.json().errors[0]).toMatchObject({ property: "responseViewSchema.imageProp" });
    const whole = {
      ...view,
      imageProp: "c1",
      map: { ...map, style: "https://tiles.example.org/style.json", addressProp: "c1" },
    };
    const published = await asAdmin("PATCH", `/callout/${draft.id}`, { starts: iso(-1000), responseViewSchema: whole });
    expect(published.statusCode, published.body).toBe(200);
  });

  it("deletes a callout with its responses", async () => {
    const callout = await create({ starts: iso(-DAY) });
    const now = t.clock.now();
    await t.database.db
      .insert(calloutResponses)
      .values({ id: randomUUID(), calloutId: callout.id, number: 1, answers: {}, createdAt: now, updatedAt: now });
    expect((await asMember("DELETE", `/callout/${callout.id}`)).statusCode).toBe(403);
    expect((await asAdmin("DELETE", `/callout/${callout.id}`)).statusCode).toBe(204);
    expect((await asAdmin("GET", `/callout/${callout.id}`)).statusCode).toBe(404);
    expect((await asAdmin("DELETE", `/callout/${callout.id}`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(calloutResponses)).toHaveLength(0);
  });
});

describe("reviewers", () => {
  it("are added by contact id and see the callouts they review, at any status", async () => {
    const draft = await create({}, "Secret draft");
    const added = await asAdmin("POST", `/callout/${draft.id}/reviewers`, { contactId: memberId });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().contact.id).toBe(memberId);
    const again = await asAdmin("POST", `/callout/${draft.id}/reviewers`, { contactId: memberId });
    expect(again.json().id).toBe(added.json().id);
    const me = await asMember("GET", "/contact/me?with=isReviewer");
    expect(me.json().isReviewer).toBe(true);
    const reviewerFilter = { condition: "AND", rules: [{ field: "isReviewer", operator: "equal", value: [true] }] };
    const reviewerIds = (await asAdmin("GET", `/contact?rules=${encodeURIComponent(JSON.stringify(reviewerFilter))}`))
      .json()
      .items.map((item: { id: string }) => item.id);
    expect(reviewerIds).toContain(memberId);

    const reviewable = { condition: "AND", rules: [{ field: "canReview", operator: "equal", value: [true] }] };
    const list = await asMember("GET", `/callout?rules=${encodeURIComponent(JSON.stringify(reviewable))}`);
    expect(list.json().items.map((item: { title: string }) => item.title)).toEqual(["Secret draft"]);
    expect((await asMember("GET", `/callout/${draft.id}`)).statusCode).toBe(200);
    const reviewers = await asMember("GET", `/callout/${draft.id}/reviewers`);
    expect(reviewers.statusCode).toBe(200);
    expect(reviewers.json()).toHaveLength(1);

    expect((await asMember("DELETE", `/callout/${draft.id}/reviewers/${memberId}`)).statusCode).toBe(403);
    expect((await asAdmin("DELETE", `/callout/${draft.id}/reviewers/${memberId}`)).statusCode).toBe(204);
    expect((await asMember("GET", `/callout/${draft.id}`)).statusCode).toBe(404);
    expect((await asAdmin("GET", `/callout/${draft.id}/reviewers`)).json()).toEqual([]);
  });

  it("refuses unknown contacts and people who do not review the callout", async () => {
    const callout = await create({ starts: iso(-DAY) });
    expect((await asAdmin("POST", `/callout/${callout.id}/reviewers`, { contactId: randomUUID() })).statusCode).toBe(
      404,
    );
    expect((await asAdmin("POST", `/callout/${callout.id}/reviewers`, { contactId: "me" })).statusCode).toBe(400);
    expect((await asMember("GET", `/callout/${callout.id}/reviewers`)).statusCode).toBe(403);
    expect((await call(t.app, "GET", `/callout/${callout.id}/reviewers`)).statusCode).toBe(401);
  });
});

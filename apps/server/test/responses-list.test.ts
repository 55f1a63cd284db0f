import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import { calloutResponseListSchema } from "@cohort/common/callouts";
import { calloutResponses } from "../src/db/schema/index.js";
import type { ContactRow } from "../src/modules/contacts/queries.js";
import { defaultAnswers, loginAs, makeCallout, respond, type MadeCallout } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let member: ContactRow;
let memberCookie: string;
let otherCookie: string;
let adminCookie: string;
let callout: MadeCallout;

beforeAll(async () => {
  t = await createTestApp();
  member = await makeContact(t.database.db, { roles: ["member"] });
  memberCookie = await loginAs(t.app, member);
  otherCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["member"] }));
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin", "member"] }));
  callout = await makeCallout(t.database.db, t.clock, { access: "member", allowMultiple: true });
  for (const name of ["First", "Second", "Third"]) {
    t.clock.advance(1000);
    const response = await respond(t.app, callout.id, { answers: defaultAnswers(name) }, { cookie: memberCookie });
    expect(response.statusCode, response.body).toBe(200);
  }
  for (const name of ["Theirs 1", "Theirs 2"]) {
    t.clock.advance(1000);
    expect(
      (await respond(t.app, callout.id, { answers: defaultAnswers(name) }, { cookie: otherCookie })).statusCode,
    ).toBe(200);
  }
});
afterAll(() => t.close());

async function list(query: string, cookie: string | undefined, idOrSlug = callout.id) {
  const response = await call(t.app, "GET", `/callout/${idOrSlug}/responses${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return calloutResponseListSchema.parse(response.json());
}

const names = (items: { answers?: Record<string, Record<string, unknown>> | undefined }[]) =>
  items.map((item) => item.answers?.slide1?.name);

describe("GET /callout/:id/responses", () => {
  it("gives a member their own responses only, without answers unless asked", async () => {
    const page = await list("", memberCookie);
    expect(page).toMatchObject({ total: 3, offset: 0, count: 3 });
    expect(page.items.map((item) => item.number)).toEqual([1, 2, 3]);
    expect(page.items[0]).not.toHaveProperty("answers");
    expect(Object.keys(page.items[0]!).sort()).toEqual(
      ["bucket", "createdAt", "guestEmail", "guestName", "id", "number", "updatedAt"].sort(),
    );
    expect(names((await list("?with=answers", memberCookie)).items)).toEqual(["First", "Second", "Third"]);
  });

  it("does not show a member another member's responses", async () => {
    const page = await list("?with=answers&limit=100", otherCookie);
    expect(page.total).toBe(2);
    expect(names(page.items)).toEqual(["Theirs 1", "Theirs 2"]);
    const asked = await list(
      `?rules=${encodeURIComponent(JSON.stringify({ condition: "AND", rules: [{ field: "contact", operator: "equal", value: [member.id] }] }))}`,
      otherCookie,
    );
    expect(asked.total).toBe(0);
  });

  it("gives an admin every response, paginated and sorted", async () => {
    const page = await list("?sort=number&order=DESC&limit=2&offset=1&with=answers", adminCookie);
    expect(page).toMatchObject({ total: 5, offset: 1, count: 2 });
    expect(page.items.map((item) => item.number)).toEqual([4, 3]);
    expect(names(page.items)).toEqual(["Theirs 1", "Third"]);
  });

  it("finds the callout by slug", async () => {
    expect((await list("", memberCookie, callout.slug)).total).toBe(3);
  });

  it("filters on the base response fields", async () => {
    const rules = (field: string, operator: string, value: unknown[]) =>
      `?with=answers&rules=${encodeURIComponent(JSON.stringify({ condition: "AND", rules: [{ field, operator, value }] }))}`;
    expect(names((await list(rules("contact", "equal", ["me"]), adminCookie)).items)).toHaveLength(0);
    expect(names((await list(rules("contact", "equal", [member.id]), adminCookie)).items)).toEqual([
      "First",
      "Second",
      "Third",
    ]);
    expect(names((await list(rules("answers", "contains", ["theirs"]), adminCookie)).items)).toEqual([
      "Theirs 1",
      "Theirs 2",
    ]);
    expect((await list(rules("bucket", "is_empty", []), memberCookie)).total).toBe(3);
  });

  it("refuses rules on fields it does not know", async () => {
    for (const field of ["tags", "answers.slide1.nope", "title"]) {
      const value = field === "tags" ? ["not-an-id"] : ["x"];
      const query = encodeURIComponent(
        JSON.stringify({ condition: "AND", rules: [{ field, operator: "contains", value }] }),
      );
      const response = await call(t.app, "GET", `/callout/${callout.id}/responses?rules=${query}`, {
        cookie: adminCookie,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().code).toBe("invalid-rule");
    }
  });

  it("needs a login and a known callout", async () => {
    expect((await call(t.app, "GET", `/callout/${callout.id}/responses`)).statusCode).toBe(401);
    const missing = await call(t.app, "GET", "/callout/no-such-callout/responses", { cookie: memberCookie });
    expect(missing.statusCode).toBe(404);
  });
});

describe("GET /callout/:id/responses/map", () => {
  const view = {
    buckets: ["verified"],
    titleProp: "place.kind",
    imageProp: "media.pics",
    imageFilter: "",
    links: [],
    gallery: true,
    map: {
      style: "https://tiles.example.org/style.json",
      center: [0, 0] as [number, number],
      bounds: [
        [-180, -90],
        [180, 90],
      ] as [[number, number], [number, number]],
      minZoom: 1,
      maxZoom: 18,
      initialZoom: 3,
      addressProp: "place.where",
      addressPattern: "",
      addressPatternProp: "",
    },
  };
  const form = {
    slides: [
      {
        id: "place",
        title: "Place",
        navigation: { nextSlideId: null },
        components: [
          {
            id: "k",
            key: "kind",
            type: "select" as const,
            input: true,
            data: { values: [{ label: "A pothole", value: "pothole" }] },
          },
          { id: "w", key: "where", type: "address" as const, input: true },
          { id: "e", key: "email", type: "email" as const, input: true, adminOnly: true },
          { id: "n", key: "count", type: "number" as const, input: true },
          { id: "c", key: "seen", type: "checkbox" as const, input: true },
        ],
      },
      {
        id: "media",
        title: "Media",
        navigation: { nextSlideId: null },
        components: [{ id: "p", key: "pics", type: "file" as const, input: true }],
      },
    ],
  };
  const address = { formatted_address: "1 High Street", geometry: { location: { lat: 51.5, lng: -0.1 } } };
  const pic = { url: "https://cdn.example.org/uploads/hole.jpg", name: "hole.jpg" };
  const fullAnswers: CalloutAnswers = {
    place: { kind: "pothole", where: address, email: "secret@example.org", count: 0, seen: false },
    media: { pics: [pic] },
  };

  async function mapCallout(spec: { buckets?: string[]; starts?: Date | null } = {}) {
    const made = await makeCallout(t.database.db, t.clock, {
      access: "anonymous",
      allowMultiple: true,
      formSchema: form,
      responseViewSchema: { ...view, buckets: spec.buckets ?? view.buckets },
      ...(spec.starts !== undefined ? { starts: spec.starts } : {}),
    });
    const now = t.clock.now();
    const rows = [
      { bucket: "verified", answers: fullAnswers },
      { bucket: "", answers: { place: { kind: "pothole" } } },
      { bucket: "trash", answers: { place: {} } },
      { bucket: "verified", answers: { place: { where: [address], count: 3 } } },
    ];
    await t.database.db.insert(calloutResponses).values(
      rows.map((row, index) => ({
        id: randomUUID(),
        calloutId: made.id,
        number: index + 1,
        answers: row.answers,
        bucket: row.bucket,
        createdAt: now,
        updatedAt: now,
      })),
    );
    return made;
  }

  const feed = (idOrSlug: string, cookie?: string, query = "") =>
    call(t.app, "GET", `/callout/${idOrSlug}/responses/map${query}`, { cookie });

  it("shows visitors the public buckets, without answers kept for admins or empty ones", async () => {
    const made = await mapCallout();
    const response = await feed(made.slug);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      total: 2,
      offset: 0,
      count: 2,
      items: [
        {
          number: 1,
          title: "A pothole",
          photos: [pic],
          address,
          answers: { place: { kind: "pothole", where: address }, media: { pics: [pic] } },
        },
        { number: 4, title: "", photos: [], address, answers: { place: { where: [address], count: 3 }, media: {} } },
      ],
    });
  });

  it("shows admins every bucket", async () => {
    const made = await mapCallout();
    const response = await feed(made.id, adminCookie);
    expect(response.json().items.map((item: { number: number }) => item.number)).toEqual([1, 2, 3, 4]);
    expect(response.json().items[0].answers.place).not.toHaveProperty("email");
  });

  it("shows visitors nothing when no bucket is public", async () => {
    const made = await mapCallout({ buckets: [] });
    expect((await feed(made.id)).json()).toEqual({ items: [], total: 0, offset: 0, count: 0 });
    expect((await feed(made.id, memberCookie)).json().total).toBe(0);
    expect((await feed(made.id, adminCookie)).json().total).toBe(4);
  });

  it("answers 404 for a callout that shows no responses", async () => {
    const response = await feed(callout.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("not-found");
  });

  it("answers 404 to visitors for a draft or scheduled callout, not to admins", async () => {
    const draft = await mapCallout({ starts: null });
    const scheduled = await mapCallout({ starts: new Date(t.clock.now().getTime() + 3_600_000) });
    for (const made of [draft, scheduled]) {
      expect((await feed(made.id)).statusCode).toBe(404);
      expect((await feed(made.id, memberCookie)).statusCode).toBe(404);
      expect((await feed(made.id, adminCookie)).statusCode).toBe(200);
    }
  });

  it("sorts, and lets visitors filter only on fields that reveal nothing", async () => {
    const made = await mapCallout();
    const sorted = await feed(made.id, undefined, "?sort=number&order=DESC");
    expect(sorted.json().items.map((item: { number: number }) => item.number)).toEqual([4, 1]);
    const rules = (field: string, operator: string, value: string[]) =>
      `?rules=${encodeURIComponent(JSON.stringify({ condition: "AND", rules: [{ field, operator, value }] }))}`;
    expect((await feed(made.id, undefined, rules("createdAt", "less", ["2000-01-01"]))).json().total).toBe(0);
    for (const [field, value] of [
      ["answers", "secret"],
      ["contact", member.id],
    ] as const) {
      const refused = await feed(made.id, undefined, rules(field, field === "contact" ? "equal" : "contains", [value]));
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().code).toBe("invalid-rule");
    }
    const asAdmin = await feed(made.id, adminCookie, rules("answers", "contains", ["secret"]));
    expect(asAdmin.json().items.map((item: { number: number }) => item.number)).toEqual([1]);
  });

  it("returns at most 2200 responses", async () => {
    const made = await makeCallout(t.database.db, t.clock, { access: "anonymous", responseViewSchema: view });
    const now = t.clock.now();
    const rows = Array.from({ length: 2205 }, (_, index) => ({
      id: randomUUID(),
      calloutId: made.id,
      number: index + 1,
      answers: {},
      bucket: "verified",
      createdAt: now,
      updatedAt: now,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await t.database.db.insert(calloutResponses).values(rows.slice(start, start + 500));
    }
    const body = (await feed(made.id, undefined, "?limit=5")).json();
    expect(body).toMatchObject({ total: 2205, count: 2200, offset: 0 });
    expect(body.items.at(-1).number).toBe(2200);
  });
});

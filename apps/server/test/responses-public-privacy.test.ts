import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalloutAnswers, FormComponent } from "@cohort/common/callout-form";
import type { FormSchemaInput, ResponseViewSchema } from "@cohort/common/callouts";
import { calloutResponses } from "../src/db/schema/index.js";
import { createAppWithAdmin, makeCallout, publicResponseView } from "./helpers/callout-factory.js";
import { call, type TestApp } from "./helpers/test-app.js";

/**
 * Answers that identify a person stay off the public map and gallery unless
 * an admin shows them one by one, and a guest's own name and email never
 * appear there (decision 053).
 */

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  ({ t, adminCookie } = await createAppWithAdmin());
});
afterAll(() => t.close());

const GUEST_NAME = "Gina Guestly";
const GUEST_EMAIL = "gina.guestly@example.org";
const SIGNATURE = "data:image/png;base64,iVBORw0KGgo=";
const pic = { url: "https://cdn.example.org/uploads/flood.jpg", name: "flood.jpg" };
const address = { formatted_address: "1 High Street", geometry: { location: { lat: 51.5, lng: -0.1 } } };

type Shown = Partial<Record<"fullName" | "email" | "phone" | "sign" | "helper", boolean>>;

function form(shown: Shown = {}): FormSchemaInput {
  const opt = (key: keyof Shown): Partial<FormComponent> => (shown[key] ? { showPublicly: true } : {});
  return {
    slides: [
      {
        id: "s",
        title: "Report",
        navigation: { nextSlideId: null },
        components: [
          { id: "c1", key: "what", type: "textfield", label: "What happened?", input: true },
          { id: "c2", key: "fullName", type: "textfield", label: "Your name", input: true, ...opt("fullName") },
          { id: "c3", key: "email", type: "email", label: "Email", input: true, ...opt("email") },
          {
            id: "p",
            key: "contact",
            type: "panel",
            input: false,
            components: [
              { id: "c4", key: "phone", type: "phoneNumber", label: "Phone", input: true, ...opt("phone") },
              { id: "c5", key: "sign", type: "signature", label: "Signature", input: true, ...opt("sign") },
            ],
          },
          {
            id: "c6",
            key: "helper",
            type: "textfield",
            label: "Who helped?",
            input: true,
            personal: true,
            ...opt("helper"),
          },
          { id: "c7", key: "where", type: "address", label: "Where", input: true },
          { id: "c8", key: "pics", type: "file", label: "Photos", input: true },
        ],
      },
    ],
  };
}

const mapView = publicResponseView({ titleProp: "s.fullName", imageProp: "s.pics", addressProp: "s.where" });
const galleryView: ResponseViewSchema = { ...mapView, map: null };

const memberAnswers: CalloutAnswers = {
  s: {
    what: "Cellar flooded",
    fullName: "Maya Member",
    email: "maya@example.org",
    phone: "+44 20 7946 0000",
    sign: SIGNATURE,
    helper: "My neighbour Ruth",
    where: address,
    pics: [pic],
  },
};
/** A guest who also typed their own details into the form. */
const guestAnswers: CalloutAnswers = {
  s: {
    what: `Road closed, write to ${GUEST_EMAIL}`,
    fullName: GUEST_NAME,
    email: GUEST_EMAIL,
    phone: "+44 20 7946 0001",
    sign: SIGNATURE,
    where: address,
    pics: [pic],
  },
};

async function calloutWith(view: ResponseViewSchema) {
  const made = await makeCallout(t.database.db, t.clock, {
    access: "guest",
    allowMultiple: true,
    formSchema: form(),
    responseViewSchema: view,
  });
  const now = t.clock.now();
  await t.database.db.insert(calloutResponses).values([
    {
      id: randomUUID(),
      calloutId: made.id,
      number: 1,
      answers: memberAnswers,
      bucket: "verified",
      createdAt: now,
      updatedAt: now,
    },
    {
      id: randomUUID(),
      calloutId: made.id,
      number: 2,
      answers: guestAnswers,
      guestName: GUEST_NAME,
      guestEmail: GUEST_EMAIL,
      bucket: "verified",
      createdAt: now,
      updatedAt: now,
    },
  ]);
  return made;
}

interface Item {
  number: number;
  title: string;
  photos: unknown[];
  answers: CalloutAnswers;
}

async function feedOf(id: string, cookie?: string): Promise<{ raw: string; items: Item[] }> {
  const response = await call(t.app, "GET", `/callout/${id}/responses/map`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return { raw: response.body, items: response.json<{ items: Item[] }>().items };
}

async function saveForm(id: string, shown: Shown) {
  const response = await call(t.app, "PATCH", `/callout/${id}`, {
    cookie: adminCookie,
    body: { formSchema: form(shown) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

function expectNoGuestDetails(raw: string) {
  expect(raw.toLowerCase()).not.toContain(GUEST_EMAIL);
  expect(raw).not.toContain(GUEST_NAME);
}

describe.each([
  ["map", mapView],
  ["gallery", galleryView],
])("the public %s feed", (_name, view) => {
  it("leaves out emails, phone numbers, names, signatures and answers marked personal", async () => {
    const made = await calloutWith(view);
    for (const cookie of [undefined, adminCookie]) {
      const { raw, items } = await feedOf(made.slug, cookie);
      expect(items.map((item) => item.answers)).toEqual([
        { s: { what: "Cellar flooded", where: address, pics: [pic] } },
        // The guest's story names their email address, so it is left out too.
        { s: { where: address, pics: [pic] } },
      ]);
      // The title comes from the name field, which is private.
      expect(items.map((item) => item.title)).toEqual(["", ""]);
      expect(items.map((item) => item.photos)).toEqual([[pic], [pic]]);
      for (const secret of ["Maya Member", "maya@example.org", "+44 20 7946", SIGNATURE, "Ruth"]) {
        expect(raw).not.toContain(secret);
      }
      expectNoGuestDetails(raw);
    }
  });

  it("shows only the answer an admin opts in, at once despite the feed cache", async () => {
    const made = await calloutWith(view);
    await feedOf(made.id); // now cached
    await saveForm(made.id, { phone: true });
    const { raw, items } = await feedOf(made.id);
    expect(items.map((item) => item.answers.s)).toEqual([
      { what: "Cellar flooded", phone: "+44 20 7946 0000", where: address, pics: [pic] },
      { phone: "+44 20 7946 0001", where: address, pics: [pic] },
    ]);
    expect(raw).not.toContain("maya@example.org");
    expect(raw).not.toContain(SIGNATURE);

    // Made private again, the answer goes again.
    await saveForm(made.id, {});
    expect((await feedOf(made.id)).raw).not.toContain("+44 20 7946");
  });

  it("never shows a guest's own name or email, even in answers shown publicly", async () => {
    const made = await calloutWith(view);
    await saveForm(made.id, { fullName: true, email: true, phone: true, sign: true, helper: true });
    const { raw, items } = await feedOf(made.id);
    expect(items.map((item) => item.title)).toEqual(["Maya Member", ""]);
    expect(items[0]?.answers.s).toEqual(memberAnswers.s);
    expect(items[1]?.answers.s).toEqual({ phone: "+44 20 7946 0001", sign: SIGNATURE, where: address, pics: [pic] });
    expectNoGuestDetails(raw);
  });
});

describe("the privacy flags", () => {
  it("round-trip as Form.io component properties", async () => {
    const made = await calloutWith(mapView);
    await saveForm(made.id, { email: true });
    const response = await call(t.app, "GET", `/callout/${made.id}?with=form`, { cookie: adminCookie });
    const components = response.json<{ formSchema: FormSchemaInput }>().formSchema.slides[0]!.components;
    expect(components.find((component) => component.key === "email")).toMatchObject({ showPublicly: true });
    expect(components.find((component) => component.key === "helper")).toMatchObject({ personal: true });
    expect(components.find((component) => component.key === "fullName")).not.toHaveProperty("showPublicly");
  });
});

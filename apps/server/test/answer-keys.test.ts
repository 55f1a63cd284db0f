import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import { mapResponseListSchema } from "@cohort/common/callouts";
import { calloutResponses } from "../src/db/schema/index.js";
import { makeCallout } from "./helpers/callout-factory.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/*
 * Slide ids and component keys are chosen by the newsroom, so `constructor`,
 * `__proto__` and `toString` are fine names. Answers are looked up as own
 * properties only: a missing answer is missing, not something of Object.prototype.
 */
const form = {
  slides: [
    {
      id: "constructor",
      title: "Place",
      navigation: { nextSlideId: null },
      components: [
        { id: "a", key: "constructor", type: "textfield" as const, input: true },
        { id: "b", key: "__proto__", type: "textfield" as const, input: true },
        { id: "c", key: "toString", type: "textfield" as const, input: true },
        { id: "d", key: "hasOwnProperty", type: "file" as const, input: true },
      ],
    },
    { id: "__proto__", title: "More", navigation: { nextSlideId: null }, components: [] },
  ],
};
const view = {
  buckets: ["verified"],
  titleProp: "constructor.constructor",
  imageProp: "constructor.hasOwnProperty",
  imageFilter: "",
  links: [],
  gallery: true,
  map: null,
};

describe("answers under names of Object.prototype", () => {
  it("are found when given and missing when not, in the public map and gallery feed", async () => {
    const made = await makeCallout(t.database.db, t.clock, {
      access: "anonymous",
      allowMultiple: true,
      formSchema: form,
      responseViewSchema: view,
    });
    // As stored answers come back from the database: `__proto__` an own key, like any other.
    const given = JSON.parse(
      '{"constructor": {"constructor": "A bridge", "__proto__": "Under it", "toString": "Wet"}}',
    ) as CalloutAnswers;
    const now = t.clock.now();
    await t.database.db.insert(calloutResponses).values(
      [given, {}, { constructor: {} }].map((answers, index) => ({
        id: randomUUID(),
        calloutId: made.id,
        number: index + 1,
        answers,
        bucket: "verified",
        createdAt: now,
        updatedAt: now,
      })),
    );

    const response = await call(t.app, "GET", `/callout/${made.slug}/responses/map`);
    expect(response.statusCode, response.body).toBe(200);
    const { items } = mapResponseListSchema.parse(response.json());
    expect(items.map((item) => item.title)).toEqual(["A bridge", "", ""]);
    expect(items.map((item) => item.photos)).toEqual([[], [], []]);
    // What goes over the wire, read without a schema: own answers only. (The response
    // schema leaves out `__proto__` keys, so they are never turned into a prototype.)
    const wire = response.json<{ items: { answers: Record<string, Record<string, unknown>> }[] }>().items;
    const expected: Record<string, Record<string, unknown>>[] = [
      { constructor: { constructor: "A bridge", toString: "Wet" } },
      { constructor: {} },
      { constructor: {} },
    ];
    expect(wire.map((item) => item.answers)).toEqual(expected);
  });
});

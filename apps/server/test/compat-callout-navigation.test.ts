/**
 * A slide whose `navigation.nextSlideId` names a slide that does not exist is
 * accepted, as the reference accepts it, and ends the form: the server's
 * answer validation treats it as the last slide (decision 024).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateCallout } from "@cohort/common/callouts";
import { makeContact } from "./helpers/factories.js";
import { loginAs, respond } from "./helpers/callout-factory.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
});
afterAll(() => t.close());

const texts = { prevText: "Back", nextText: "Next", submitText: "Send" };

function body(slug: string, options: { firstNext?: string | null; optionNext?: string } = {}): CreateCallout {
  return {
    slug,
    image: "",
    starts: new Date(Date.now() - 86_400_000).toISOString(),
    allowUpdate: false,
    allowMultiple: true,
    hidden: false,
    access: "anonymous",
    captcha: "none",
    formSchema: {
      slides: [
        {
          id: "first",
          title: "First",
          navigation: { nextSlideId: options.firstNext ?? null },
          components: [
            { id: "c1", key: "name", type: "textfield", label: "Name", input: true, validate: { required: true } },
            {
              id: "c2",
              key: "route",
              type: "radio",
              label: "Route",
              input: true,
              values: [
                { label: "A", value: "a", ...(options.optionNext ? { nextSlideId: options.optionNext } : {}) },
                { label: "B", value: "b" },
              ],
            },
          ],
        },
        {
          id: "second",
          title: "Second",
          navigation: { nextSlideId: null },
          components: [{ id: "c3", key: "more", type: "textfield", label: "More", input: true }],
        },
      ],
    },
    variants: {
      default: {
        title: "Dangling",
        excerpt: "",
        intro: "",
        thanksTitle: "Thanks",
        thanksText: "",
        slideNavigation: { first: texts, second: texts },
        componentText: {},
      },
    },
  };
}

describe("a slide leading to a slide that does not exist", () => {
  it("is accepted, kept, and ends the walk for answer validation", async () => {
    const created = await call(t.app, "POST", "/callout", {
      cookie: adminCookie,
      body: body("dangling", { firstNext: "gone" }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const read = await call(t.app, "GET", "/callout/dangling?with=form", { cookie: adminCookie });
    expect(read.json().formSchema.slides[0].navigation.nextSlideId).toBe("gone");

    const firstOnly = await respond(t.app, "dangling", { answers: { first: { name: "Ada", route: "b" } } });
    expect(firstOnly.statusCode, firstOnly.body).toBeLessThan(300);

    // The walk ends on the first slide, so answers for the second were never asked for.
    const both = await respond(t.app, "dangling", {
      answers: { first: { name: "Ada", route: "b" }, second: { more: "x" } },
    });
    expect(both.statusCode).toBe(400);
    // Required answers of the last slide of the walk are still required.
    expect((await respond(t.app, "dangling", { answers: { first: { route: "b" } } })).statusCode).toBe(400);
  });

  it("still refuses an option that leads to a slide that does not exist", async () => {
    const created = await call(t.app, "POST", "/callout", {
      cookie: adminCookie,
      body: body("dangling-option", { optionNext: "gone" }),
    });
    expect(created.statusCode).toBe(400);
  });
});

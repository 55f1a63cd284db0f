import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIX, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";
import { calloutResponses } from "../src/db/schema/index.js";
import { defaultAnswers, makeCallout, respond, type MadeCallout } from "./helpers/callout-factory.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let callout: MadeCallout;

beforeAll(async () => {
  t = await createTestApp();
  callout = await makeCallout(t.database.db, t.clock, { access: "anonymous", allowMultiple: true });
});
afterAll(() => t.close());

const photo = { url: "https://cdn.example.org/uploads/cat.jpg", name: "cat.jpg", size: 1234 };

async function responseCount(): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(calloutResponses)
    .where(eq(calloutResponses.calloutId, callout.id));
  return row?.n ?? 0;
}

/** The field errors of an invalid-answers refusal, as `property: code` pairs. */
function answerErrors(response: LightMyRequestResponse): string[] {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body).toMatchObject({ code: "invalid-callout-response", subCode: "invalid-answers" });
  return body.errors.map((error: { property: string; constraints: Record<string, string>; children: unknown[] }) => {
    expect(error.children).toEqual([]);
    return `${error.property}: ${Object.keys(error.constraints).join(",")}`;
  });
}

function rawPost(payload: string, contentType = "application/json") {
  return t.app.inject({
    method: "POST",
    url: `${API_PREFIX}/callout/${callout.id}/responses`,
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE, "content-type": contentType },
    payload,
  });
}

describe("answers checked against the form", () => {
  it("stores valid answers across both slides", async () => {
    const answers = { slide1: { name: "Ada", colour: "red", age: 0 }, slide2: { photo: [photo], consent: false } };
    const response = await respond(t.app, callout.id, { answers });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(calloutResponses)
      .where(eq(calloutResponses.id, response.json().id));
    expect(row?.answers).toEqual(answers);
  });

  it("refuses a slide the form does not have", async () => {
    const response = await respond(t.app, callout.id, { answers: { ...defaultAnswers(), slide9: { x: 1 } } });
    expect(answerErrors(response)).toEqual(["slide9: unknown"]);
    expect(response.json().errors[0].constraints.unknown).toBe("This answer does not belong to the form");
  });

  it("refuses a key no component of the slide has", async () => {
    const answers = { ...defaultAnswers(), slide1: { ...defaultAnswers().slide1, shoeSize: 42 } };
    expect(answerErrors(await respond(t.app, callout.id, { answers }))).toEqual(["slide1.shoeSize: unknown"]);
  });

  it("refuses a missing required answer", async () => {
    for (const name of [undefined, "", "   "]) {
      const answers = { slide1: { colour: "red", ...(name === undefined ? {} : { name }) } };
      const response = await respond(t.app, callout.id, { answers });
      expect(answerErrors(response)).toEqual(["slide1.name: required"]);
      expect(response.json().errors[0].constraints.required).toBe("This field is required");
    }
  });

  it("refuses values of the wrong type for each component", async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ name: 42 }, {}, "slide1.name: invalid"],
      [{ name: "Ada", colour: "green" }, {}, "slide1.colour: option"],
      [{ name: "Ada", age: "thirty" }, {}, "slide1.age: invalid"],
      [{ name: "Ada", age: 151 }, {}, "slide1.age: max"],
      [{ name: "Ada", age: -1 }, {}, "slide1.age: min"],
      [{ name: "Ada" }, { photo: "cat.jpg" }, "slide2.photo: invalid"],
      [{ name: "Ada" }, { photo: [{ url: "javascript:alert(1)" }] }, "slide2.photo: invalid"],
      [{ name: "Ada" }, { consent: "yes" }, "slide2.consent: invalid"],
    ];
    for (const [slide1, slide2, expected] of cases) {
      const response = await respond(t.app, callout.id, { answers: { slide1, slide2 } });
      expect(answerErrors(response), JSON.stringify([slide1, slide2])).toEqual([expected]);
    }
  });

  it("reports every issue at once, with the limits in the message", async () => {
    const answers = { slide1: { age: 200, colour: "pink" }, slide2: { consent: 1 } };
    const response = await respond(t.app, callout.id, { answers });
    expect(answerErrors(response).sort()).toEqual([
      "slide1.age: max",
      "slide1.colour: option",
      "slide1.name: required",
      "slide2.consent: invalid",
    ]);
    const age = response.json().errors.find((error: { property: string }) => error.property === "slide1.age");
    expect(age.constraints.max).toBe("This field must be at most 150");
  });

  it("saves nothing when answers are refused", async () => {
    const before = await responseCount();
    await respond(t.app, callout.id, { answers: { slide1: {} } });
    expect(await responseCount()).toBe(before);
  });
});

describe("request shape", () => {
  it("refuses answers that are not an object of slides", async () => {
    for (const answers of ["text", [1, 2], null, { slide1: "Ada" }, { slide1: [1] }]) {
      const response = await respond(t.app, callout.id, { answers });
      expect(response.statusCode, JSON.stringify(answers)).toBe(400);
      expect(response.json().code).toBe("invalid-request");
    }
  });

  it("refuses a body without answers or with unknown properties", async () => {
    const missing = await respond(t.app, callout.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((error: { property: string }) => error.property)).toEqual(["answers"]);
    const extra = await respond(t.app, callout.id, { answers: defaultAnswers(), bucket: "verified" });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual([
      { property: "bucket", constraints: { whitelistValidation: "property bucket should not exist" }, children: [] },
    ]);
  });

  it("refuses guest details without a name or with a bad email", async () => {
    const guests = [
      { firstname: " ", lastname: "Hopper", email: "grace@example.org" },
      { firstname: "Grace", lastname: "Hopper", email: "not-an-email" },
      { firstname: "Grace", lastname: "Hopper" },
    ];
    for (const guest of guests) {
      const response = await respond(t.app, callout.id, { answers: defaultAnswers(), guest });
      expect(response.statusCode, JSON.stringify(guest)).toBe(400);
      expect(response.json().code).toBe("invalid-request");
    }
  });

  it("refuses unknown query parameters", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `${API_PREFIX}/callout/${callout.id}/responses?captcha=x`,
      headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
      payload: { answers: defaultAnswers() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("invalid-request");
  });

  it("refuses malformed JSON", async () => {
    const response = await rawPost('{"answers": {"slide1": ');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("invalid-json");
  });

  it("refuses a body that is too large", async () => {
    const huge = JSON.stringify({ answers: { slide1: { name: "x".repeat(1_100_000) } } });
    const response = await rawPost(huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("payload-too-large");
  });

  it("needs the requested-with header", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `${API_PREFIX}/callout/${callout.id}/responses`,
      payload: { answers: defaultAnswers() },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("missing-requested-with");
  });
});

import { solveChallenge } from "altcha-lib/v1";
import type { Challenge } from "altcha-lib/v1/types";
import { count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CalloutCaptcha } from "@cohort/common/callouts";
import { calloutResponses, callouts } from "../src/db/schema/index.js";
import { calloutsChanged } from "../src/modules/callouts/cache.js";
import { defaultAnswers, loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let memberCookie: string;
let adminCookie: string;

const ONE_HOUR_MS = 3_600_000;
const body = { answers: defaultAnswers() };
const guest = { firstname: "Ada", lastname: "Lovelace", email: "ada@example.org" };

beforeAll(async () => {
  t = await createTestApp();
  memberCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["member"] }));
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin", "member"] }));
});
afterAll(() => t.close());

/** Does what the browser widget does: fetches a challenge, finds the number and encodes the answer. */
async function solvedToken(): Promise<string> {
  const challenge = (await call(t.app, "GET", "/captcha/challenge")).json<Challenge>();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error("no solution found");
  const { algorithm, salt, signature } = challenge;
  const payload = { algorithm, challenge: challenge.challenge, number: solution.number, salt, signature };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

function expectError(response: LightMyRequestResponse, status: number, code: string, subCode?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ httpCode: status, code, ...(subCode ? { subCode } : {}) });
}

async function responseCount(calloutId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(calloutResponses)
    .where(eq(calloutResponses.calloutId, calloutId));
  return row?.n ?? 0;
}

const openCallout = (captcha: CalloutCaptcha) =>
  makeCallout(t.database.db, t.clock, { access: "anonymous", captcha, allowMultiple: true });

describe("captcha", () => {
  it("none: nobody is asked for a token", async () => {
    const callout = await openCallout("none");
    expect((await respond(t.app, callout.id, body)).statusCode).toBe(200);
    expect((await respond(t.app, callout.id, body, { cookie: memberCookie })).statusCode).toBe(200);
  });

  it("guest: a visitor needs a solved challenge, a logged-in caller does not", async () => {
    const callout = await openCallout("guest");
    expectError(await respond(t.app, callout.id, body), 401, "captcha-required");
    expectError(await respond(t.app, callout.id, { ...body, guest }), 401, "captcha-required");
    const wrong = await respond(t.app, callout.id, body, { captchaToken: "not-a-token" });
    expectError(wrong, 401, "captcha-failed");
    expect(wrong.json().message).toBe("Captcha failed with error malformed");
    expect((await respond(t.app, callout.id, body, { captchaToken: await solvedToken() })).statusCode).toBe(200);
    expect((await respond(t.app, callout.id, body, { cookie: memberCookie })).statusCode).toBe(200);
    expect(await responseCount(callout.id)).toBe(2);
  });

  it("all: logged-in callers need one too", async () => {
    const callout = await openCallout("all");
    expectError(await respond(t.app, callout.id, body, { cookie: memberCookie }), 401, "captcha-required");
    expectError(await respond(t.app, callout.id, body), 401, "captcha-required");
    const wrong = await respond(t.app, callout.id, body, { cookie: memberCookie, captchaToken: "bm90IGpzb24=" });
    expectError(wrong, 401, "captcha-failed");
    const token = await solvedToken();
    const accepted = await respond(t.app, callout.id, body, { cookie: memberCookie, captchaToken: token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await respond(t.app, callout.id, body, { captchaToken: await solvedToken() })).statusCode).toBe(200);
    expect(await responseCount(callout.id)).toBe(2);
  });

  it("takes a solved challenge once", async () => {
    const callout = await openCallout("all");
    const token = await solvedToken();
    expect((await respond(t.app, callout.id, body, { captchaToken: token })).statusCode).toBe(200);
    const again = await respond(t.app, callout.id, body, { captchaToken: token });
    expectError(again, 401, "captcha-failed");
    expect(again.json().message).toBe("Captcha failed with error already-used");
  });

  it("is checked after the guest details rule and before the callout's status", async () => {
    const callout = await openCallout("all");
    const withGuest = await respond(t.app, callout.id, { ...body, guest }, { cookie: memberCookie });
    expectError(withGuest, 400, "invalid-callout-response", "logged-in-guest-fields");
    const ended = await makeCallout(t.database.db, t.clock, {
      access: "anonymous",
      captcha: "all",
      expires: new Date(t.clock.now().getTime() - ONE_HOUR_MS),
    });
    expectError(await respond(t.app, ended.id, body), 401, "captcha-required");
  });
});

describe("closed callouts", () => {
  const now = () => t.clock.now().getTime();

  it("refuse responses while a draft, while scheduled and once ended, from admins too", async () => {
    const draft = await makeCallout(t.database.db, t.clock, { access: "anonymous", starts: null });
    const scheduled = await makeCallout(t.database.db, t.clock, {
      access: "anonymous",
      starts: new Date(now() + ONE_HOUR_MS),
    });
    const ended = await makeCallout(t.database.db, t.clock, {
      access: "anonymous",
      starts: new Date(now() - 2 * ONE_HOUR_MS),
      expires: new Date(now() - ONE_HOUR_MS),
    });
    for (const callout of [draft, scheduled, ended]) {
      for (const cookie of [undefined, memberCookie, adminCookie]) {
        const response = await respond(t.app, callout.id, body, { cookie });
        expectError(response, 400, "invalid-callout-response", "closed");
        expect(response.json().message).toBe("This callout is not open for responses");
      }
      expect(await responseCount(callout.id)).toBe(0);
    }
  });

  it("open from the start instant to the expiry instant, inclusive", async () => {
    const starts = new Date(now() + ONE_HOUR_MS);
    const expires = new Date(now() + 2 * ONE_HOUR_MS);
    const callout = await makeCallout(t.database.db, t.clock, {
      access: "anonymous",
      starts,
      expires,
      allowMultiple: true,
    });
    t.clock.advance(ONE_HOUR_MS);
    expect((await respond(t.app, callout.id, body)).statusCode).toBe(200);
    t.clock.advance(ONE_HOUR_MS);
    expect((await respond(t.app, callout.id, body)).statusCode).toBe(200);
    t.clock.advance(1);
    expectError(await respond(t.app, callout.id, body), 400, "invalid-callout-response", "closed");
    expect(await responseCount(callout.id)).toBe(2);
  });
});

describe("the callout as read for answering", () => {
  it("is read again while closed, so opening it takes effect at once", async () => {
    const callout = await makeCallout(t.database.db, t.clock, { access: "anonymous", starts: null });
    expectError(await respond(t.app, callout.id, body), 400, "invalid-callout-response", "closed");
    await t.database.db.update(callouts).set({ starts: t.clock.now() }).where(eq(callouts.id, callout.id));
    expect((await respond(t.app, callout.id, body)).statusCode).toBe(200);
  });

  it("is checked to be open when the response is saved, so ending it takes effect at once", async () => {
    const callout = await openCallout("none");
    expect((await respond(t.app, callout.slug, body)).statusCode).toBe(200);
    await t.database.db.update(callouts).set({ expires: t.clock.now() }).where(eq(callouts.id, callout.id));
    t.clock.advance(1);
    // The callout may still be cached as open: the insert itself refuses.
    expectError(await respond(t.app, callout.slug, body), 400, "invalid-callout-response", "closed");
    expect(await responseCount(callout.id)).toBe(1);
  });

  it("is read again once forgotten after a change", async () => {
    const callout = await openCallout("none");
    expect((await respond(t.app, callout.id, body)).statusCode).toBe(200);
    await t.database.db.update(callouts).set({ captcha: "all" }).where(eq(callouts.id, callout.id));
    calloutsChanged(t.ctx);
    expectError(await respond(t.app, callout.id, body), 401, "captcha-required");
  });
});

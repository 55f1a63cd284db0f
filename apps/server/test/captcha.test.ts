import { solveChallenge } from "altcha-lib/v1";
import type { Challenge } from "altcha-lib/v1/types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captchaSolutions, serverSecrets } from "../src/db/schema/index.js";
import {
  AltchaCaptchaProvider,
  CAPTCHA_KEY_NAME,
  CAPTCHA_LIFETIME_MS,
  CAPTCHA_MAX_NUMBER,
} from "../src/providers/captcha/altcha.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function fetchChallenge(): Promise<Challenge> {
  const response = await call(t.app, "GET", "/captcha/challenge");
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Does what the browser widget does: finds the number and encodes the answer. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error("no solution found");
  const { algorithm, salt, signature } = challenge;
  const payload = { algorithm, challenge: challenge.challenge, number: solution.number, salt, signature };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

const decode = (token: string) => JSON.parse(Buffer.from(token, "base64").toString("utf8"));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");

describe("captcha challenge", () => {
  it("is public, never cached, SHA-256 and expires in ten minutes", async () => {
    const response = await call(t.app, "GET", "/captcha/challenge");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const challenge = response.json();
    expect(challenge).toMatchObject({ algorithm: "SHA-256", maxnumber: CAPTCHA_MAX_NUMBER });
    const expires = Number(new URLSearchParams(challenge.salt.split("?")[1]).get("expires")) * 1000;
    expect(Math.abs(expires - (t.clock.now().getTime() + CAPTCHA_LIFETIME_MS))).toBeLessThan(1000);
  });
});

describe("captcha verification", () => {
  it("accepts a solved challenge once and refuses it the second time", async () => {
    const token = await solve(await fetchChallenge());
    expect(await t.ctx.captcha.verify(token)).toEqual({ ok: true });
    expect(await t.ctx.captcha.verify(token)).toEqual({ ok: false, errors: ["already-used"] });
  });

  it("refuses a tampered answer", async () => {
    const token = await solve(await fetchChallenge());
    const payload = decode(token);
    const wrongNumber = encode({ ...payload, number: payload.number + 1 });
    expect((await t.ctx.captcha.verify(wrongNumber)).ok).toBe(false);
    const longerLife = encode({ ...payload, salt: payload.salt.replace(/expires=\d+/, "expires=9999999999") });
    expect((await t.ctx.captcha.verify(longerLife)).ok).toBe(false);
    const wrongSignature = encode({ ...payload, signature: "0".repeat(64) });
    expect((await t.ctx.captcha.verify(wrongSignature)).ok).toBe(false);
    // The untouched answer still works: the failures above recorded nothing.
    expect(await t.ctx.captcha.verify(token)).toEqual({ ok: true });
  });

  it("refuses garbage", async () => {
    for (const token of ["", "not base64 at all", encode("a string"), encode({ algorithm: "SHA-1" })]) {
      expect(await t.ctx.captcha.verify(token)).toEqual({ ok: false, errors: ["malformed"] });
    }
  });

  it("refuses an expired challenge and forgets expired answers", async () => {
    const stale = await solve(await fetchChallenge());
    const used = await solve(await fetchChallenge());
    expect(await t.ctx.captcha.verify(used)).toEqual({ ok: true });

    t.clock.advance(CAPTCHA_LIFETIME_MS + 1000);
    expect(await t.ctx.captcha.verify(stale)).toEqual({ ok: false, errors: ["expired"] });

    // The next accepted answer sweeps out the ones that can no longer be replayed.
    expect(await t.ctx.captcha.verify(await solve(await fetchChallenge()))).toEqual({ ok: true });
    const rows = await t.database.db
      .select()
      .from(captchaSolutions)
      .where(eq(captchaSolutions.signature, decode(used).signature));
    expect(rows).toEqual([]);
  });
});

describe("captcha key", () => {
  it("is made once and shared by every server copy", async () => {
    const secrets = await t.database.db.select().from(serverSecrets).where(eq(serverSecrets.name, CAPTCHA_KEY_NAME));
    expect(secrets).toHaveLength(1);
    const otherCopy = new AltchaCaptchaProvider({ db: t.database.db, clock: t.clock });
    expect(await otherCopy.verify(await solve(await fetchChallenge()))).toEqual({ ok: true });
  });

  it("comes from the configuration when set", async () => {
    const configured = new AltchaCaptchaProvider({
      db: t.database.db,
      clock: t.clock,
      hmacKey: "a-configured-key-123",
    });
    const token = await solve(await configured.createChallenge());
    expect(await t.ctx.captcha.verify(token)).toEqual({ ok: false, errors: ["invalid-solution"] });
    expect(await configured.verify(token)).toEqual({ ok: true });
  });
});

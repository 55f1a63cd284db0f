import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_LIMITS } from "../src/http/rate-limits.js";
import { updateJoinContent } from "../src/modules/content/service.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

const urls = {
  loginUrl: "http://localhost:3000/auth/login",
  setPasswordUrl: "http://localhost:3000/auth/set-password",
  confirmUrl: "http://localhost:3000/join/confirm-email",
};

describe("limits on public calls that send email", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await updateJoinContent(t.ctx, { showNoContribution: true });
  });
  afterAll(() => t.close());

  const signup = (email: string, remoteAddress = "203.0.113.7") =>
    call(t.app, "POST", "/signup", { body: { email, ...urls }, remoteAddress });

  it("refuses more joins for one address than the limit, and counts other addresses apart", async () => {
    const email = "flooded@example.org";
    for (let i = 0; i < EMAIL_LIMITS.perRecipient.max; i++) {
      expect((await signup(i % 2 ? email : email.toUpperCase(), "203.0.113.1")).statusCode).toBe(204);
    }
    const refused = await signup(email, "203.0.113.2");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "too-many-requests", httpCode: 429 });
    expect((await signup("someone.else@example.org", "203.0.113.2")).statusCode).toBe(204);
  });

  it("refuses a client that sends too many, while others go on", async () => {
    const client = "198.51.100.9";
    for (let i = 0; i < EMAIL_LIMITS.perClient.max; i++) {
      expect((await signup(`reader${i}@example.org`, client)).statusCode).toBe(204);
    }
    const refused = await signup("one.more@example.org", client);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await signup("one.more@example.org", "198.51.100.10")).statusCode).toBe(204);
  });

  it("limits password reset emails to one address", async () => {
    const body = { email: "forgetful@example.org", resetUrl: "http://localhost:3000/auth/reset-password" };
    for (let i = 0; i < EMAIL_LIMITS.perRecipient.max; i++) {
      expect((await call(t.app, "POST", "/reset-password", { body })).statusCode).toBe(204);
    }
    const refused = await call(t.app, "POST", "/reset-password", { body });
    expect(refused.statusCode).toBe(429);
    const device = await call(t.app, "POST", "/reset-device", { body: { ...body, type: "totp" } });
    expect(device.statusCode).toBe(204);
  });
});

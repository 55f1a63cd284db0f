/**
 * A malformed id is refused as such (400) before anyone looks up whether the
 * contact exists or whether the caller may see it. Guests are still refused
 * first on routes that need a login (decision 024).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let memberCookie: string;
let adminCookie: string;
let keyHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const login = async (roles: ("member" | "admin")[]) => {
    const contact = await makeContact(t.database.db, { roles });
    return sessionCookie(
      await call(t.app, "POST", "/auth/login", { body: { email: contact.email, password: PASSWORD } }),
    );
  };
  memberCookie = await login(["member"]);
  adminCookie = await login(["admin"]);
  const key = await call(t.app, "POST", "/api-key", {
    cookie: adminCookie,
    body: { description: "Ids", currentPassword: PASSWORD },
  });
  keyHeaders = { authorization: `Bearer ${key.json().token as string}` };
});
afterAll(() => t.close());

describe("ids are checked before existence", () => {
  const paths = ["/contact/not-a-uuid", "/contact/not-a-uuid/mfa", "/contact/not-a-uuid/payment"];

  it("answers 400 to a member, an admin and an API key", async () => {
    for (const path of paths) {
      for (const [who, options] of [
        ["member", { cookie: memberCookie }],
        ["admin", { cookie: adminCookie }],
        ["key", { headers: keyHeaders }],
      ] as const) {
        const response = await call(t.app, "GET", path, options);
        expect(response.statusCode, `${who} ${path}`).toBe(400);
        expect(response.json().code).toBe("invalid-request");
      }
    }
    const payment = await call(t.app, "GET", "/payment/not-a-uuid", { headers: keyHeaders });
    expect(payment.statusCode).toBe(400);
  });

  it("answers 400 to an unknown content id, for anyone", async () => {
    expect((await call(t.app, "GET", "/content/not-an-id")).statusCode).toBe(400);
  });

  it("still refuses guests first on logged-in routes, and a member on someone else's valid id", async () => {
    expect((await call(t.app, "GET", "/contact/not-a-uuid/mfa")).statusCode).toBe(401);
    const other = await makeContact(t.database.db);
    expect((await call(t.app, "GET", `/contact/${other.id}/mfa`, { cookie: memberCookie })).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const superadmin = await makeContact(t.database.db, { roles: ["superadmin"] });
  cookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: superadmin.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());

async function lastUsed(id: string): Promise<string | null> {
  const list = await call(t.app, "GET", "/api-key", { cookie });
  return list.json().items.find((key: { id: string }) => key.id === id).lastUsed as string | null;
}

describe("API key last use", () => {
  it("is null until the key is used, then records uses at most once a minute", async () => {
    const token = (
      await call(t.app, "POST", "/api-key", { cookie, body: { description: "sync", currentPassword: PASSWORD } })
    ).json().token as string;
    const id = token.slice(0, 16);
    const use = () => call(t.app, "GET", "/auth/info", { headers: { authorization: `Bearer ${token}` } });
    expect(await lastUsed(id)).toBeNull();

    await use();
    const first = await lastUsed(id);
    expect(first).toBe(t.clock.now().toISOString());

    t.clock.advance(30_000);
    await use();
    expect(await lastUsed(id)).toBe(first);

    t.clock.advance(31_000);
    await use();
    expect(await lastUsed(id)).toBe(t.clock.now().toISOString());
  });

  it("is not touched by a wrong secret", async () => {
    const token = (
      await call(t.app, "POST", "/api-key", { cookie, body: { description: "other", currentPassword: PASSWORD } })
    ).json().token as string;
    const id = token.slice(0, 16);
    await call(t.app, "GET", "/auth/info", { headers: { authorization: `Bearer ${id}_${"0".repeat(48)}` } });
    expect(await lastUsed(id)).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { ONE_DAY } from "@cohort/common/time";
import { contacts, emailOutbox, resetFlows } from "../src/db/schema/index.js";
import { updateGeneralContent, updateJoinContent } from "../src/modules/content/service.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { lastEmailTo } from "./helpers/outbox.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

const urls = {
  loginUrl: "http://localhost:3000/auth/login",
  setPasswordUrl: "http://localhost:3000/auth/set-password",
  confirmUrl: "http://localhost:3000/join/confirm-email",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await updateGeneralContent(t.ctx, { supportEmail: "support@example.org" });
  await updateJoinContent(t.ctx, { showNoContribution: true });
});
afterAll(() => t.close());

async function emailsTo(address: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(desc(emailOutbox.createdAt));
}

/** The join flow id at the end of the confirmation link. */
async function confirmLinkId(address: string): Promise<string> {
  const email = await lastEmailTo(t, address, "confirm-email");
  const link = email.mergeFields.CONFIRMLINK ?? "";
  expect(link.startsWith(`${urls.confirmUrl}/`)).toBe(true);
  expect(email.textBody).toContain(link);
  return link.slice(urls.confirmUrl.length + 1);
}

function uniqueEmail(name: string): string {
  return `${name}.${crypto.randomUUID().slice(0, 8)}@example.org`;
}

describe("joining without a contribution", () => {
  it("sends a confirmation link that creates the contact and logs them in", async () => {
    const email = uniqueEmail("free");
    const signup = await call(t.app, "POST", "/signup", {
      body: { email: email.toUpperCase(), password: PASSWORD, ...urls },
    });
    expect(signup.statusCode).toBe(204);
    const joinFlowId = await confirmLinkId(email);

    const confirm = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ email, activeRoles: [] });
    const [saved] = await t.database.db.select().from(contacts).where(eq(contacts.email, email));
    expect(saved?.contributionType).toBe("None");
    const cookie = sessionCookie(confirm);
    const me = await call(t.app, "GET", "/contact/me", { cookie });
    expect(me.json()).toMatchObject({ email });

    expect((await lastEmailTo(t, email, "welcome")).mergeFields.LOGINLINK).toBe(urls.loginUrl);
    const notice = await lastEmailTo(t, "support@example.org", "new-member");
    expect(notice.mergeFields.MEMBERID).toBe(confirm.json().id);

    const login = await call(t.app, "POST", "/auth/login", { body: { email, password: PASSWORD } });
    expect(login.statusCode).toBe(204);

    const again = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId } });
    expect(again.statusCode).toBe(404);
  });

  it("brings back an inactive contact, keeping their password when the form sets none", async () => {
    const existing = await makeContact(t.database.db, { email: uniqueEmail("lapsed"), firstname: "Old" });
    expect((await call(t.app, "POST", "/signup", { body: { email: existing.email, ...urls } })).statusCode).toBe(204);
    const confirm = await call(t.app, "POST", "/signup/confirm-email", {
      body: { joinFlowId: await confirmLinkId(existing.email) },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ id: existing.id, firstname: "Old" });
    const login = await call(t.app, "POST", "/auth/login", { body: { email: existing.email, password: PASSWORD } });
    expect(login.statusCode).toBe(204);
  });

  it("keeps an inactive contact's password even when the form sets one: whoever joined chose it", async () => {
    const existing = await makeContact(t.database.db, { email: uniqueEmail("returning") });
    const body = { email: existing.email, password: "Fresh-start9", ...urls };
    expect((await call(t.app, "POST", "/signup", { body })).statusCode).toBe(204);
    const confirm = await call(t.app, "POST", "/signup/confirm-email", {
      body: { joinFlowId: await confirmLinkId(existing.email) },
    });
    expect(confirm.json()).toMatchObject({ id: existing.id });
    const chosen = await call(t.app, "POST", "/auth/login", {
      body: { email: existing.email, password: "Fresh-start9" },
    });
    expect(chosen.statusCode).toBe(401);
    const own = await call(t.app, "POST", "/auth/login", { body: { email: existing.email, password: PASSWORD } });
    expect(own.statusCode).toBe(204);
  });

  it("gives a contact without a password the one the form set", async () => {
    const existing = await makeContact(t.database.db, { email: uniqueEmail("imported") });
    await t.database.db.update(contacts).set({ passwordHash: null }).where(eq(contacts.id, existing.id));
    const body = { email: existing.email, password: "Fresh-start9", ...urls };
    expect((await call(t.app, "POST", "/signup", { body })).statusCode).toBe(204);
    const confirm = await call(t.app, "POST", "/signup/confirm-email", {
      body: { joinFlowId: await confirmLinkId(existing.email) },
    });
    expect(confirm.statusCode).toBe(200);
    const login = await call(t.app, "POST", "/auth/login", {
      body: { email: existing.email, password: "Fresh-start9" },
    });
    expect(login.statusCode).toBe(204);
  });

  it("logs nobody into an account with a second factor or staff rights: its owner logs in as usual", async () => {
    const secured = await makeContact(t.database.db, { email: uniqueEmail("secured"), totpSecret: "JBSWY3DPEHPK3PXP" });
    const admin = await makeContact(t.database.db, { email: uniqueEmail("editor"), roles: ["admin"] });
    for (const existing of [secured, admin]) {
      const body = { email: existing.email, password: "Taken-over9", ...urls };
      expect((await call(t.app, "POST", "/signup", { body })).statusCode).toBe(204);
      const confirm = await call(t.app, "POST", "/signup/confirm-email", {
        body: { joinFlowId: await confirmLinkId(existing.email) },
      });
      expect(confirm.statusCode).toBe(202);
      expect(confirm.headers["set-cookie"]).toBeUndefined();
      const chosen = await call(t.app, "POST", "/auth/login", {
        body: { email: existing.email, password: "Taken-over9" },
      });
      expect(chosen.statusCode).toBe(401);
    }
  });

  it("refuses an unknown or expired link", async () => {
    const email = uniqueEmail("late");
    await call(t.app, "POST", "/signup", { body: { email, ...urls } });
    const joinFlowId = await confirmLinkId(email);
    t.clock.advance(8 * ONE_DAY);
    try {
      const expired = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId } });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().code).toBe("not-found");
    } finally {
      t.clock.advance(-8 * ONE_DAY);
    }
    const unknown = await call(t.app, "POST", "/signup/confirm-email", {
      body: { joinFlowId: crypto.randomUUID() },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId: "nope" } });
    expect(malformed.statusCode).toBe(400);
    expect(await t.database.db.select().from(contacts).where(eq(contacts.email, email))).toHaveLength(0);
  });
});

describe("joining with an address that is already a member's", () => {
  it("points a member with a password to logging in", async () => {
    const member = await makeContact(t.database.db, { email: uniqueEmail("member"), roles: ["member"] });
    const signup = await call(t.app, "POST", "/signup", { body: { email: member.email, ...urls } });
    expect(signup.statusCode).toBe(204);
    const sent = await emailsTo(member.email);
    expect(sent.map((row) => row.templateId)).toEqual(["email-exists-login"]);
    expect(sent[0]?.mergeFields.LOGINLINK).toBe(urls.loginUrl);
  });

  it("sends a member without a password a link to set one", async () => {
    const member = await makeContact(t.database.db, {
      email: uniqueEmail("nopass"),
      roles: ["member"],
      password: null,
    });
    expect((await call(t.app, "POST", "/signup", { body: { email: member.email, ...urls } })).statusCode).toBe(204);
    const email = await lastEmailTo(t, member.email, "email-exists-set-password");
    const link = email.mergeFields.SPLINK ?? "";
    expect(link.startsWith(`${urls.setPasswordUrl}/`)).toBe(true);
    const flowId = link.slice(urls.setPasswordUrl.length + 1);
    const [flow] = await t.database.db.select().from(resetFlows).where(eq(resetFlows.id, flowId));
    expect(flow).toMatchObject({ contactId: member.id, type: "password" });

    const reset = await call(t.app, "PUT", `/reset-password/${flowId}`, { body: { password: "New-passw0rd" } });
    expect(reset.statusCode).toBe(204);
    const login = await call(t.app, "POST", "/auth/login", {
      body: { email: member.email, password: "New-passw0rd" },
    });
    expect(login.statusCode).toBe(204);
  });

  it("refuses to confirm once the address became an active member's", async () => {
    const email = uniqueEmail("racer");
    await call(t.app, "POST", "/signup", { body: { email, ...urls } });
    const joinFlowId = await confirmLinkId(email);
    await makeContact(t.database.db, { email, roles: ["member"] });
    const confirm = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId } });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().code).toBe("duplicate-email");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { emailOutbox } from "../src/db/schema/index.js";
import { updateGeneralContent, updateJoinContent } from "../src/modules/content/service.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

const urls = {
  loginUrl: "http://localhost:3000/auth/login",
  setPasswordUrl: "http://localhost:3000/auth/set-password",
  confirmUrl: "http://localhost:3000/join/confirm-email",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await updateJoinContent(t.ctx, { showNoContribution: true });
  await makeContact(t.database.db, { email: "editor@team.test", roles: ["admin"] });
  await makeContact(t.database.db, { email: "owner@team.test", roles: ["superadmin"] });
  await makeContact(t.database.db, { email: "reader@team.test", roles: ["member"] });
});
afterAll(() => t.close());

/** Joins without a contribution and confirms the address; returns the new contact's id. */
async function join(email: string): Promise<string> {
  expect((await call(t.app, "POST", "/signup", { body: { email, ...urls } })).statusCode).toBe(204);
  const [confirmation] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.templateId, "confirm-email")));
  const joinFlowId = (confirmation?.mergeFields.CONFIRMLINK ?? "").slice(urls.confirmUrl.length + 1);
  const confirm = await call(t.app, "POST", "/signup/confirm-email", { body: { joinFlowId } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return confirm.json<{ id: string }>().id;
}

async function teamEmailsAbout(contactId: string) {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.contactId, contactId), eq(emailOutbox.templateId, "new-member")));
  return rows.map((row) => row.toAddress).sort();
}

describe("the team's email about a new member", () => {
  it("goes to every admin while no support address is set", async () => {
    await updateGeneralContent(t.ctx, { supportEmail: "" });
    const id = await join("first.joiner@example.org");
    expect(await teamEmailsAbout(id)).toEqual(["editor@team.test", "owner@team.test"]);
  });

  it("goes to the support address alone once one is set", async () => {
    await updateGeneralContent(t.ctx, { supportEmail: "desk@team.test" });
    const id = await join("second.joiner@example.org");
    expect(await teamEmailsAbout(id)).toEqual(["desk@team.test"]);
  });
});

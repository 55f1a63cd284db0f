import { and, desc, eq } from "drizzle-orm";
import { emailOutbox } from "../../src/db/schema/index.js";
import type { TestApp } from "./test-app.js";

/** The newest email of a template to an address; fails the test when there is none. */
export async function lastEmailTo(t: TestApp, address: string, templateId: string) {
  const [row] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.templateId, templateId)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no ${templateId} email to ${address}`);
  return row;
}

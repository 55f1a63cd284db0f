import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { findContent } from "../src/modules/content/queries.js";
import { getGeneralContent, updateGeneralContent } from "../src/modules/content/service.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/*
 * Another server copy saves a setting, and this copy saves a different one
 * before the notice that empties its cache arrives: both changes stay.
 */
describe("settings saved by two server copies at once", () => {
  it("keep both changes when this copy's cache is behind", async () => {
    await getGeneralContent(t.ctx);
    // The other copy's write, with its cache notice held back.
    await t.database.db.execute(sql`ALTER TABLE content DISABLE TRIGGER content_cache`);
    try {
      await t.database.db.execute(
        sql`INSERT INTO content (id, data, updated_at) VALUES ('general', '{"supportEmail": "desk@other.example"}'::jsonb, now())
            ON CONFLICT (id) DO UPDATE SET data = content.data || excluded.data`,
      );
    } finally {
      await t.database.db.execute(sql`ALTER TABLE content ENABLE TRIGGER content_cache`);
    }
    await updateGeneralContent(t.ctx, { organisationName: "Riverside Gazette" });
    expect(await findContent(t.database.db, "general")).toMatchObject({
      supportEmail: "desk@other.example",
      organisationName: "Riverside Gazette",
    });
  });
});

import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listCalloutResponsesQuerySchema } from "@cohort/common/callouts";
import { listContactsQuerySchema } from "@cohort/common/contacts";
import { listSegmentsQuerySchema } from "@cohort/common/segments";
import type { AppContext } from "../src/context.js";
import * as schema from "../src/db/schema/index.js";
import type { Identity } from "../src/http/auth.js";
import { createApiKey, listApiKeys } from "../src/modules/api-keys/service.js";
import { listContacts } from "../src/modules/contacts/list/service.js";
import { listCalloutResponses } from "../src/modules/responses/inbox/service.js";
import { createSegment, listSegments } from "../src/modules/segments/service.js";
import { makeCallout } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";

/*
 * The SQL of the hottest reads, written down so that a change to any of them
 * shows in review as a change to the snapshot beside this file. Only the
 * statement text is kept: ids and dates travel as parameters.
 */

let t: TestApp;
let statements: string[] = [];
let ctx: AppContext;
const admin: Identity = { method: "api-key", contact: null, roles: ["admin"] };

beforeAll(async () => {
  t = await createTestApp();
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (t.database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const db =
    t.database.kind === "pglite"
      ? drizzlePglite({ client: client as PGlite, schema, casing: "snake_case", logger })
      : drizzlePg({ client: client as pg.Pool, schema, casing: "snake_case", logger });
  ctx = { ...t.ctx, db };
});
afterAll(() => t.close());

/** The statements a call runs, in order. */
async function sqlOf(run: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  await run();
  return statements;
}

const rules = (group: object) => JSON.stringify(group);

describe("the SQL of the hot reads", () => {
  it("lists contacts with a filter", async () => {
    const query = listContactsQuerySchema.parse({
      limit: "25",
      sort: "lastname",
      rules: rules({
        condition: "AND",
        rules: [
          { field: "activeMembership", operator: "equal", value: [true] },
          { field: "email", operator: "contains", value: ["example"] },
        ],
      }),
    });
    expect(await sqlOf(() => listContacts(ctx, admin, query))).toMatchSnapshot();
  });

  it("lists a callout's responses filtered by an answer", async () => {
    const callout = await makeCallout(t.database.db, t.clock);
    const query = listCalloutResponsesQuerySchema.parse({
      limit: "25",
      rules: rules({
        condition: "AND",
        rules: [{ field: "answers.slide1.colour", operator: "equal", value: ["blue"] }],
      }),
    });
    expect(await sqlOf(() => listCalloutResponses(ctx, admin, callout.id, query))).toMatchSnapshot();
  });

  it("counts the contacts of every segment", async () => {
    await createSegment(t.ctx, admin, {
      name: "Members",
      description: "",
      ruleGroup: { condition: "AND", rules: [{ field: "activeMembership", operator: "equal", value: [true] }] },
    });
    await createSegment(t.ctx, admin, {
      name: "Recent",
      description: "",
      ruleGroup: { condition: "AND", rules: [{ field: "joined", operator: "greater", value: ["$now(M:-1)"] }] },
    });
    const query = listSegmentsQuerySchema.parse({ with: "contactCount" });
    expect(await sqlOf(() => listSegments(ctx, admin, query))).toMatchSnapshot();
  });
});

describe("lists that read the rows of many contacts", () => {
  it("read the API key creators' roles in one query, however many keys there are", async () => {
    for (const name of ["Ada", "Grace", "Katherine"]) {
      const creator = await makeContact(t.database.db, { roles: ["admin"], firstname: name });
      await createApiKey(t.ctx, creator.id, { description: `${name}'s key` });
    }
    const page = { limit: 25, offset: 0, sort: "createdAt", order: "ASC" } as const;
    const ran = await sqlOf(() => listApiKeys(ctx, page));
    expect(ran.filter((statement) => statement.includes(`from "contact_roles"`))).toHaveLength(1);
  });
});

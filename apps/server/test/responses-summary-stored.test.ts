import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ComponentSummary, ResponseSummary } from "@cohort/common/callouts";
import { responseSummarySchema } from "@cohort/common/callouts";
import { postgresPool, type Db } from "../src/db/client.js";
import { runDataUpgrades } from "../src/db/data-upgrades.js";
import { calloutResponses, calloutResponseValues, callouts } from "../src/db/schema/index.js";
import { fillResponseValues } from "../src/modules/responses/summary/queries.js";
import { storeSummaryWordsAndDates } from "../src/modules/responses/summary/service.js";
import { createAppWithAdmin, loginAs, makeCallout, respond, type MadeCallout } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { rulesQuery } from "./helpers/inbox-fixture.js";
import { summaryForm } from "./helpers/summary-fixture.js";
import { call, type TestApp } from "./helpers/test-app.js";

// The summary reads words, phrases and dates stored when an answer is written (decision 084):
// every path that writes or removes answers must change what it counts.

let t: TestApp;
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  ({ t, adminCookie } = await createAppWithAdmin());
  memberCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["member"] }));
});
afterAll(() => t.close());

let run = 0;
/** The summary computed afresh: each call has its own filter, so nothing comes from the cache. */
async function summary(callout: MadeCallout): Promise<ResponseSummary> {
  run++;
  const rules = [
    { field: "createdAt", operator: "less", value: [new Date(Date.UTC(2100, 0, 1, 0, 0, run)).toISOString()] },
  ];
  const response = await call(t.app, "GET", `/callout/${callout.id}/responses/summary?${rulesQuery(rules)}`, {
    cookie: adminCookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return responseSummarySchema.parse(response.json());
}

function part<K extends ComponentSummary["kind"]>(result: ResponseSummary, key: string, kind: K) {
  const found = result.components.find((item) => item.key === key);
  expect(found?.kind).toBe(kind);
  return found as Extract<ComponentSummary, { kind: K }>;
}

const counted = (items: { text: string; count: number }[]) =>
  Object.fromEntries(items.map((item) => [item.text, item.count]));

/** The story's words and phrases and the date's range, as the summary gives them. */
async function figures(callout: MadeCallout) {
  const result = await summary(callout);
  const story = part(result, "s1.story", "text");
  const when = part(result, "s1.when", "date");
  return {
    words: counted(story.words),
    phrases: counted(story.phrases),
    dates: { answered: when.answered, min: when.min, max: when.max },
  };
}

const answersCallout = () =>
  makeCallout(t.database.db, t.clock, {
    access: "member",
    allowMultiple: true,
    allowUpdate: true,
    formSchema: summaryForm(),
  });

async function answer(callout: MadeCallout, story: string, when: string): Promise<string> {
  const response = await respond(t.app, callout.id, { answers: { s1: { story, when } } }, { cookie: memberCookie });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await t.database.db
    .select({ id: calloutResponses.id })
    .from(calloutResponses)
    .where(
      and(
        eq(calloutResponses.calloutId, callout.id),
        eq(calloutResponses.number, response.json<{ number: number }>().number),
      ),
    );
  return row!.id;
}

/** When each stored row of the callout was last written (its row version), by response and input. */
async function storedVersions(calloutId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({
      row: sql<string>`${calloutResponseValues.responseId}::text || ${calloutResponseValues.key} || ':' || xmin::text`,
    })
    .from(calloutResponseValues)
    .where(eq(calloutResponseValues.calloutId, calloutId))
    .orderBy(sql`1`);
  return rows.map((row) => row.row);
}

describe("the words and dates a summary counts", () => {
  it("follow an answer sent through the form and corrected by an admin", async () => {
    const callout = await answersCallout();
    const first = await answer(callout, "The river flooded our street", "2024-03-01");
    await answer(callout, "River flooded again", "2024-05-01");
    expect(await figures(callout)).toEqual({
      words: { river: 2, flooded: 2, street: 1, again: 1 },
      phrases: { "river flooded": 2 },
      dates: { answered: 2, min: "2024-03-01T00:00:00.000Z", max: "2024-05-01T00:00:00.000Z" },
    });

    const corrected = await call(t.app, "PATCH", `/callout-responses/${first}`, {
      cookie: adminCookie,
      body: { answers: { s1: { story: "The bridge is broken", when: "2023-12-24" } } },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await figures(callout)).toEqual({
      words: { river: 1, flooded: 1, again: 1, bridge: 1, broken: 1 },
      phrases: {},
      dates: { answered: 2, min: "2023-12-24T00:00:00.000Z", max: "2024-05-01T00:00:00.000Z" },
    });
  });

  it("count imported answers", async () => {
    const callout = await answersCallout();
    await answer(callout, "Buses late again", "2024-01-10");
    const imported = await call(t.app, "POST", `/callout/${callout.id}/responses/import`, {
      cookie: adminCookie,
      body: {
        rows: [
          { "answers.s1.story": "Buses late every day", "answers.s1.when": "2024-02-10" },
          { "answers.s1.story": "No buses at night" },
        ],
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 2, skipped: 0 });
    expect(await figures(callout)).toEqual({
      words: { buses: 3, late: 2, again: 1, every: 1, day: 1, night: 1 },
      phrases: { "buses late": 2 },
      dates: { answered: 2, min: "2024-01-10T00:00:00.000Z", max: "2024-02-10T00:00:00.000Z" },
    });
  });

  it("are left as they are by a bulk move, and go with a deleted response", async () => {
    const callout = await answersCallout();
    const gone = await answer(callout, "Rent too high", "2024-06-01");
    await answer(callout, "Rent rising fast", "2024-07-01");
    const before = await storedVersions(callout.id);
    expect(before).toHaveLength(4);

    const moved = await call(t.app, "PATCH", "/callout-responses", {
      cookie: adminCookie,
      body: {
        rules: { condition: "AND", rules: [{ field: "calloutId", operator: "equal", value: [callout.id] }] },
        updates: { bucket: "verified" },
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ affected: 2 });
    // Not one stored row was written again.
    expect(await storedVersions(callout.id)).toEqual(before);

    await t.database.db.delete(calloutResponses).where(eq(calloutResponses.id, gone));
    expect(await storedVersions(callout.id)).toHaveLength(2);
    expect(await figures(callout)).toEqual({
      words: { rent: 1, rising: 1, fast: 1 },
      phrases: {},
      dates: { answered: 1, min: "2024-07-01T00:00:00.000Z", max: "2024-07-01T00:00:00.000Z" },
    });
  });

  it("follow a form whose input becomes a text input, for the answers already given", async () => {
    const callout = await answersCallout();
    const id = await answer(callout, "Quiet street", "2024-08-01");
    await t.database.db
      .update(calloutResponses)
      .set({ answers: { s1: { story: "Quiet street", when: "2024-08-01", email: "Loud trains nearby" } } })
      .where(eq(calloutResponses.id, id));
    const form = summaryForm();
    const email = form.slides[0]!.components.find((component) => component.key === "email")!;
    email.type = "textarea";
    await t.database.db.update(callouts).set({ formSchema: form }).where(eq(callouts.id, callout.id));

    const result = await summary(callout);
    expect(counted(part(result, "s1.email", "text").words)).toEqual({ loud: 1, trains: 1, nearby: 1 });
    expect(counted(part(result, "s1.story", "text").words)).toEqual({ quiet: 1, street: 1 });
  });

  it("are stored for responses older than them by the data upgrade, once", async () => {
    const callout = await answersCallout();
    await answer(callout, "Trees cut down", "2024-09-01");
    await answer(callout, "Trees cut down again", "2024-09-02");
    const expected = await figures(callout);
    // As a database upgraded from a version without them.
    await t.database.db.delete(calloutResponseValues).where(eq(calloutResponseValues.calloutId, callout.id));
    expect((await figures(callout)).words).toEqual({});

    const ran = await runDataUpgrades(t.database.db, [
      { name: "store-summary-words-test", run: storeSummaryWordsAndDates },
    ]);
    expect(ran).toEqual(["store-summary-words-test"]);
    expect(await figures(callout)).toEqual(expected);
    expect(expected.words).toEqual({ trees: 2, cut: 2, down: 2, again: 1 });
    expect(expected.phrases).toEqual({ "trees cut": 2, "cut down": 2 });
    // Stored rows are kept: a second run writes nothing.
    expect(await t.database.db.transaction((tx) => storeSummaryWordsAndDates(tx))).toBe(0);
  });

  // Two connections at once: PostgreSQL only (PGlite has one).
  it.runIf(inject("database").kind === "postgres")(
    "are stored by the upgrade while new answers still go in, without waiting for it to end",
    async () => {
      const callout = await answersCallout();
      await answer(callout, "Old trees", "2024-09-01");
      await t.database.db.delete(calloutResponseValues).where(eq(calloutResponseValues.calloutId, callout.id));
      const pool = postgresPool(t.database.db)!;
      const upgrading = await pool.connect();
      const answering = await pool.connect();
      try {
        await upgrading.query("BEGIN");
        const upgrade = drizzle({ client: upgrading, casing: "snake_case" }) as unknown as Db;
        expect(await fillResponseValues(upgrade)).toBeGreaterThan(0);
        // The upgrade has not ended: an answer must not wait behind it (it fails after a second if it does).
        await answering.query("SET lock_timeout = '1s'");
        await answering.query(
          `INSERT INTO callout_responses (id, callout_id, number, answers, created_at, updated_at)
           VALUES ($1, $2, 1000, $3, now(), now())`,
          [randomUUID(), callout.id, JSON.stringify({ s1: { story: "New trees", when: "2024-09-03" } })],
        );
        await upgrading.query("COMMIT");
      } finally {
        upgrading.release();
        answering.release();
      }
      expect((await figures(callout)).words).toEqual({ old: 1, new: 1, trees: 2 });
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAnswers, loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const list = (cookie: string, rules: object, sort: string) =>
  call(
    t.app,
    "GET",
    `/callout?limit=12&offset=0&sort=${sort}&order=DESC&with=hasAnswered&rules=${encodeURIComponent(JSON.stringify(rules))}`,
    { cookie },
  );

describe("the members' callout list", () => {
  it("shows the archive of ended callouts, searchable by title, with the member's answered mark", async () => {
    const now = t.clock.now().getTime();
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = await loginAs(t.app, member);
    const answered = await makeCallout(t.database.db, t.clock, {
      title: "Archive harbour memories",
      starts: new Date(now - 10 * DAY),
      expires: new Date(now + DAY),
    });
    expect((await respond(t.app, answered.id, { answers: defaultAnswers() }, { cookie })).statusCode).toBeLessThan(300);
    await makeCallout(t.database.db, t.clock, {
      title: "Archive harbour ferries",
      starts: new Date(now - 20 * DAY),
      expires: new Date(now - 5 * DAY),
    });
    await makeCallout(t.database.db, t.clock, { title: "Archive harbour open", starts: new Date(now - DAY) });
    await makeCallout(t.database.db, t.clock, {
      title: "Archive harbour hidden",
      starts: new Date(now - 20 * DAY),
      expires: new Date(now - 2 * DAY),
      hidden: true,
    });
    t.clock.advance(2 * DAY);

    const ended = await list(
      cookie,
      {
        condition: "AND",
        rules: [
          { field: "status", operator: "equal", value: ["ended"] },
          { field: "hidden", operator: "equal", value: [false] },
          { field: "title", operator: "contains", value: ["harbour"] },
        ],
      },
      "expires",
    );
    expect(ended.statusCode, ended.body).toBe(200);
    const items = ended.json<{ items: { title: string; hasAnswered: boolean }[] }>().items;
    expect(items.map((item) => [item.title, item.hasAnswered])).toEqual([
      ["Archive harbour memories", true],
      ["Archive harbour ferries", false],
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, makeInboxFixture, rulesQuery, type InboxFixture } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let f: InboxFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeInboxFixture(t);
  const tag = await call(t.app, "POST", `/callout/${f.callout.id}/tags`, {
    cookie: f.admin.cookie,
    body: { name: "Lead", description: "" },
  });
  await call(t.app, "PATCH", `/callout-responses/${f.responseIds[0]}`, {
    cookie: f.admin.cookie,
    body: { tags: [`+${tag.json().id}`], bucket: "verified", assigneeId: f.reviewer.row.id },
  });
  await call(t.app, "POST", "/callout-response-comments", {
    cookie: f.admin.cookie,
    body: { responseId: f.responseIds[0], text: "Good, call back" },
  });
});
afterAll(() => t.close());

/** Splits CSV text into rows of cells (quoted cells may hold commas). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += char;
  }
  return rows;
}

describe("GET /callout/:id/responses.csv", () => {
  it("exports every response with labels for answers, for an admin", async () => {
    const response = await call(t.app, "GET", `/callout/${f.callout.slug}/responses.csv`, { cookie: f.admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toContain(`responses-${f.callout.slug}_`);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([
      "Date",
      "Number",
      "Bucket",
      "Tags",
      "Assignee",
      "FirstName",
      "LastName",
      "FullName",
      "EmailAddress",
      "IsGuest",
      "NewsletterOptIn",
      "NewsletterGroups",
      "Comments",
      "UtmSource",
      "UtmMedium",
      "UtmCampaign",
      "Ref",
      "Name",
      "Your story",
      "Age",
      "Agree",
      "Colour",
      "Pets",
      "Where",
    ]);
    expect(rows).toHaveLength(3);
    const first = Object.fromEntries(header!.map((name, index) => [name, rows[0]![index]]));
    expect(first).toMatchObject({
      Number: "1",
      Bucket: "verified",
      Tags: "Lead",
      Assignee: f.reviewer.row.email,
      FirstName: f.member.row.firstname,
      EmailAddress: f.member.row.email,
      IsGuest: "",
      Name: "Ada",
      Age: "20",
      Agree: "true",
      Colour: "Red",
      Pets: "Cats",
      Where: "",
    });
    expect(first.Comments).toContain("Good, call back");
    expect(rows[1]![header!.indexOf("Colour")]).toBe("Blue");
  });

  it("filters by the rules, answers included", async () => {
    const response = await call(
      t.app,
      "GET",
      `/callout/${f.callout.id}/responses.csv?${rulesQuery([{ field: "answers.s1.colour", operator: "equal", value: ["blue"] }])}`,
      { headers: bearer(f.apiKey) },
    );
    expect(response.statusCode).toBe(200);
    expect(parseCsv(response.body)).toHaveLength(2);
  });

  it("leaves the contact out for a reviewer and refuses everyone else", async () => {
    const reviewer = await call(t.app, "GET", `/callout/${f.callout.id}/responses.csv`, { cookie: f.reviewer.cookie });
    expect(reviewer.statusCode).toBe(200);
    expect(reviewer.body).not.toContain(f.member.row.email);
    expect(parseCsv(reviewer.body)).toHaveLength(4);
    for (const cookie of [f.member.cookie, f.otherReviewer.cookie]) {
      expect((await call(t.app, "GET", `/callout/${f.callout.id}/responses.csv`, { cookie })).statusCode).toBe(403);
    }
    expect((await call(t.app, "GET", `/callout/${f.callout.id}/responses.csv`)).statusCode).toBe(401);
    const bad = await call(
      t.app,
      "GET",
      `/callout/${f.callout.id}/responses.csv?${rulesQuery([{ field: "nope", operator: "equal", value: ["x"] }])}`,
      { cookie: f.admin.cookie },
    );
    expect(bad.statusCode).toBe(400);
  });
});

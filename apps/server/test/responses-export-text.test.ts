import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeInboxFixture, type InboxFixture } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let f: InboxFixture;

beforeAll(async () => {
  t = await createTestApp();
  f = await makeInboxFixture(t, ['=HYPERLINK("https://evil.example","Open")', "-5", "Cy"]);
  for (const text of [
    "<p>Call <strong>back</strong> &amp; check &lt;soon&gt;</p><p>Line one<br>Line two</p>",
    "<ul><li>First</li><li>Second</li></ul>",
  ]) {
    const comment = await call(t.app, "POST", "/callout-response-comments", {
      cookie: f.admin.cookie,
      body: { responseId: f.responseIds[0], text },
    });
    expect(comment.statusCode, comment.body).toBe(200);
    t.clock.advance(60_000);
  }
});
afterAll(() => t.close());

/** The CSV's rows as cells, by column name; quoted cells may hold commas, quotes and line breaks. */
async function exportedRows(): Promise<Record<string, string>[]> {
  const response = await call(t.app, "GET", `/callout/${f.callout.id}/responses.csv`, { cookie: f.admin.cookie });
  expect(response.statusCode, response.body).toBe(200);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const text = response.body;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"';
      index++;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && char === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && char === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
    } else cell += char;
  }
  const [header, ...records] = rows;
  return records.map((record) => Object.fromEntries(header!.map((name, index) => [name, record[index] ?? ""])));
}

describe("the responses CSV", () => {
  it("writes comments as plain text: no tags, entities decoded, paragraphs and line breaks as new lines", async () => {
    const [first] = await exportedRows();
    const author = `${f.admin.row.firstname} ${f.admin.row.lastname}`.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(first!.Comments).toMatch(
      new RegExp(
        `^${author} \\(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\): Call back & check <soon>\\n\\nLine one\\nLine two, ` +
          `${author} \\(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\): First\\nSecond$`,
      ),
    );
    expect(first!.Comments).not.toMatch(/<\/?(p|strong|br|ul|li)\b|&amp;|&lt;/);
  });

  it("defuses cells a spreadsheet would run as a formula, and leaves plain numbers alone", async () => {
    const [first, second] = await exportedRows();
    expect(first!.Name).toBe(`'=HYPERLINK("https://evil.example","Open")`);
    expect(second!.Name).toBe("-5");
  });
});

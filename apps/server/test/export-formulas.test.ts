import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { contactProfiles, contactTagAssignments, contactTags, payments } from "../src/db/schema/index.js";
import { csvCell, defuseFormula, restoreDefused } from "../src/lib/csv.js";
import { loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { inboxAnswers, inboxForm } from "./helpers/inbox-fixture.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";
import { readStoredZip } from "./helpers/zip.js";

/** What people typed into their own name, answers and notes, hoping a spreadsheet runs it. */
const FORMULAS = ['=HYPERLINK("http://x")', "+SUM(1)", "@cmd"];

/** A cell a spreadsheet would run: the writer's rule, checked from the outside. */
const RUNS = /^(?:[\t\r]|[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

let t: TestApp;
let cookie: string;
let params: string[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [name, lastname, note] = FORMULAS as [string, string, string];
  const superadmin = await makeContact(db, { firstname: name, lastname, roles: ["superadmin", "member"] });
  await db
    .update(contactProfiles)
    .set({ notes: note, telephone: "-2+3+cmd|' /C calc'!A0" })
    .where(eq(contactProfiles.contactId, superadmin.id));
  const tagId = crypto.randomUUID();
  await db.insert(contactTags).values({ id: tagId, name: note });
  await db.insert(contactTagAssignments).values({ contactId: superadmin.id, tagId });
  cookie = await loginAs(t.app, superadmin);
  // A payment, so that the payments export has the hostile name to write.
  const paymentId = crypto.randomUUID();
  await db.insert(payments).values({
    id: paymentId,
    contactId: superadmin.id,
    provider: "manual",
    providerPaymentId: `manual-${paymentId}`,
    amount: 500,
    currency: "EUR",
    status: "successful",
    chargeDate: t.clock.now(),
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  });

  const callout = await makeCallout(db, t.clock, { access: "member", allowMultiple: true, formSchema: inboxForm() });
  const answered = await respond(t.app, callout.id, { answers: inboxAnswers(name, { story: lastname }) }, { cookie });
  expect(answered.statusCode, answered.body).toBe(200);
  const responseId = answered.json().id as string;
  const tag = await call(t.app, "POST", `/callout/${callout.id}/tags`, {
    cookie,
    body: { name: note, description: "" },
  });
  expect(tag.statusCode, tag.body).toBe(200);
  const tagged = await call(t.app, "PATCH", `/callout-responses/${responseId}`, {
    cookie,
    body: { tags: [`+${tag.json().id as string}`] },
  });
  expect(tagged.statusCode, tagged.body).toBe(200);
  const comment = await call(t.app, "POST", "/callout-response-comments", {
    cookie,
    body: { responseId, text: `<p>${lastname}</p>` },
  });
  expect(comment.statusCode, comment.body).toBe(200);
  params = [callout.id, callout.slug, superadmin.id, "me", responseId];
});
afterAll(() => t.close());

/** Every value of every enum in a route's query (such as `format=zip`), so each kind of file is asked for. */
function queryVariants(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, ZodType> } | undefined)?.shape ?? {};
  const variants = [""];
  for (const [key, field] of Object.entries(shape)) {
    let inner = field as unknown as { _zod: { def: { type: string; innerType?: unknown; entries?: object } } };
    while (inner._zod.def.innerType) inner = inner._zod.def.innerType as typeof inner;
    if (inner._zod.def.type !== "enum") continue;
    for (const value of Object.values(inner._zod.def.entries ?? {})) {
      variants.push(`?${key}=${encodeURIComponent(String(value))}`);
    }
  }
  return variants;
}

const cellsOf = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data.flat();

describe("every export", () => {
  // Every export route of the app, each read whole: seconds alone, far more beside the browser journeys.
  it("writes no cell a spreadsheet would run, on every route that answers with a CSV or a zip of them", async () => {
    const exports = new Map<string, string[]>();
    const gets = t.app.routeAccess.filter((route) => route.method === "GET");
    expect(gets.length).toBeGreaterThan(20);
    for (const route of gets) {
      const path = route.url.replace(/^\/api\/1\.0/, "");
      const filled = path.includes(":") ? params.map((value) => path.replace(/:[A-Za-z]+/g, value)) : [path];
      for (const url of filled) {
        for (const query of queryVariants(route.schema?.querystring)) {
          const response = await call(t.app, "GET", `${url}${query}`, { cookie });
          const type = String(response.headers["content-type"] ?? "");
          const cells = type.startsWith("text/csv")
            ? cellsOf(response.body)
            : type.startsWith("application/zip")
              ? [...readStoredZip(response.rawPayload)]
                  .filter(([name]) => name.endsWith(".csv"))
                  .flatMap(([, csv]) => cellsOf(csv))
              : undefined;
          if (!cells) continue;
          expect(response.statusCode, `${route.url}${query}`).toBe(200);
          exports.set(`${route.url}${query}`, cells);
        }
      }
    }
    // The walk reached the contacts, the responses and the member's own data.
    expect([...exports.keys()].sort()).toEqual(
      expect.arrayContaining([
        "/api/1.0/contact.csv",
        "/api/1.0/callout/:id/responses.csv",
        "/api/1.0/contact/me/export?format=zip",
        "/api/1.0/payment.csv",
      ]),
    );
    for (const [route, cells] of exports) {
      for (const cell of cells) {
        expect(RUNS.test(cell) && !PLAIN_NUMBER.test(cell), `${route}: ${JSON.stringify(cell)}`).toBe(false);
      }
      // The hostile text was there to be written, and is written defused rather than dropped: the
      // name in every export (each names the person), the rest where the export has a place for it.
      // A summary of answers counts them and names nobody: only its cells are checked, above.
      if (route.includes("/responses/summary.csv")) continue;
      const written = cells.join("\n");
      expect(written, route).toContain(`'${FORMULAS[0]}`);
      if (!route.startsWith("/api/1.0/payment.csv")) {
        for (const formula of FORMULAS) expect(written, route).toContain(`'${formula}`);
      }
    }
  }, 90_000);
});

describe("the CSV writer", () => {
  it("defuses formulas in every form, keeps plain numbers as they are, and can take the guard off again", () => {
    for (const text of [
      "=1+1",
      "+SUM(1)",
      "-SUM(1)",
      "@cmd",
      "\t=1",
      "\r=1",
      "  =1+1",
      "\u3000=1",
      "\uFF1D1+1",
      "\uFF0BSUM(1)",
      "\uFF20cmd",
      "-2+3+cmd|' /C calc'!A0",
      "-1e5",
      "+44 20 7946 0958",
    ]) {
      expect(csvCell(text).replace(/^"/, ""), JSON.stringify(text)).toMatch(/^'/);
    }
    for (const text of ["-5", "-12.50", "42", "Ada", "a=b", "café", "'quoted"]) {
      expect(csvCell(text)).toBe(text);
      expect(restoreDefused(csvCell(text))).toBe(text);
    }
    for (const text of ["=1+1", "+44 20 7946 0958", "@cmd", "\uFF1D1"]) {
      expect(restoreDefused(defuseFormula(text))).toBe(text);
    }
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
  });
});

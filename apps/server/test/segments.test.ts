import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactListSchema } from "@cohort/common/contacts";
import type { Rule, RuleGroup } from "@cohort/common/filters";
import { segmentSchema, segmentWithCountSchema } from "@cohort/common/segments";
import { contactProfiles, contacts, contributions, segments } from "../src/db/schema/index.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let adminId: string;
const ids: Record<string, string> = {};
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

const rule = (field: string, operator: Rule["operator"], value: Rule["value"] = []): Rule => ({
  field,
  operator,
  value,
});
const group = (...rules: (Rule | RuleGroup)[]): RuleGroup => ({ condition: "AND", rules });

const subscribers = group(rule("newsletterStatus", "equal", ["subscribed"]));
const namesWithA = group(rule("firstname", "contains", ["a"]));
const invalidRules = group(rule("password", "equal", ["x"]));

/** Anna and Cara subscribe to the newsletter; Anna has also cancelled her contribution. */
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const admin = await makeContact(db, { email: "admin@segments.test", firstname: "Zed", roles: ["admin"] });
  adminId = admin.id;
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
  for (const firstname of ["Anna", "Ben", "Cara"]) {
    const contact = await makeContact(db, { email: `${firstname.toLowerCase()}@segments.test`, firstname });
    ids[firstname.toLowerCase()] = contact.id;
  }
  for (const id of [ids.anna!, ids.cara!]) {
    await db.update(contactProfiles).set({ newsletterStatus: "subscribed" }).where(eq(contactProfiles.contactId, id));
  }
  await db.update(contributions).set({ cancelledAt: new Date() }).where(eq(contributions.contactId, ids.anna!));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(segments);
});

const asAdmin = (method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: unknown) =>
  call(t.app, method, path, { cookie: adminCookie, body });

async function create(body: Record<string, unknown>) {
  const response = await asAdmin("POST", "/segments", body);
  expect(response.statusCode, response.body).toBe(200);
  return segmentWithCountSchema.parse(response.json());
}

async function listNames(query = "") {
  const response = await asAdmin("GET", `/segments${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return segmentSchema
    .array()
    .parse(response.json())
    .map((segment) => segment.name);
}

async function storedSegmentCount() {
  return (await t.database.db.select().from(segments)).length;
}

describe("POST /segments", () => {
  it("saves a segment and answers with its contact count", async () => {
    const segment = await create({ name: "  Subscribers  ", ruleGroup: subscribers });
    expect(segment).toEqual({
      id: expect.any(String),
      name: "Subscribers",
      description: "",
      ruleGroup: subscribers,
      order: 0,
      contactCount: 2,
    });
    const fetched = await asAdmin("GET", `/segments/${segment.id}`);
    expect(fetched.json()).toEqual({ ...segment, contactCount: undefined });
  });

  it("puts a segment without an order after the last one", async () => {
    expect((await create({ name: "First", ruleGroup: subscribers })).order).toBe(0);
    expect((await create({ name: "Far", ruleGroup: subscribers, order: 7 })).order).toBe(7);
    expect((await create({ name: "Next", ruleGroup: subscribers })).order).toBe(8);
    expect((await create({ name: "Early", ruleGroup: subscribers, order: -3 })).order).toBe(-3);
    expect((await create({ name: "Last", ruleGroup: subscribers })).order).toBe(9);
  });

  it("refuses an invalid rule before saving anything", async () => {
    const response = await asAdmin("POST", "/segments", { name: "Broken", ruleGroup: invalidRules });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "invalid-rule", message: expect.stringMatching(/Invalid field/) });
    const nested = group(rule("firstname", "equal", ["Anna"]), {
      condition: "OR",
      rules: [rule("joined", "between", ["2024"])],
    });
    const nestedResponse = await asAdmin("POST", "/segments", { name: "Nested", ruleGroup: nested });
    expect(nestedResponse.json()).toMatchObject({ code: "invalid-rule" });
    expect(await storedSegmentCount()).toBe(0);
  });

  it("validates the body", async () => {
    const cases: [unknown, string][] = [
      [{ name: "X", ruleGroup: subscribers, colour: "blue" }, "colour"],
      [{ name: "   ", ruleGroup: subscribers }, "name"],
      [{ ruleGroup: subscribers }, "name"],
      [{ name: "X" }, "ruleGroup"],
      [{ name: "X", ruleGroup: { condition: "XOR", rules: [] } }, "ruleGroup.condition"],
      [{ name: "X", ruleGroup: subscribers, order: 1.5 }, "order"],
      [{ name: "x".repeat(101), ruleGroup: subscribers }, "name"],
    ];
    for (const [body, property] of cases) {
      const response = await asAdmin("POST", "/segments", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe("invalid-request");
      expect(response.json().errors.map((error: { property: string }) => error.property)).toContain(property);
    }
    const unknownField = await asAdmin("POST", "/segments", { name: "X", ruleGroup: subscribers, colour: "blue" });
    expect(unknownField.json().errors[0].constraints).toHaveProperty("whitelistValidation");
    const blank = await asAdmin("POST", "/segments", { name: "   ", ruleGroup: subscribers });
    expect(JSON.stringify(blank.json().errors)).toContain("Name is required");
    expect(await storedSegmentCount()).toBe(0);
  });
});

describe("GET /segments", () => {
  beforeEach(async () => {
    await create({ name: "beta", description: "Zulu", ruleGroup: subscribers, order: 1 });
    await create({ name: "Alpha", description: "yankee", ruleGroup: namesWithA, order: 1 });
    await create({ name: "Gamma", description: "", ruleGroup: group(), order: 0 });
  });

  it("is a bare array in order, then by name", async () => {
    const response = await asAdmin("GET", "/segments");
    expect(Array.isArray(response.json())).toBe(true);
    expect(response.json()[0]).not.toHaveProperty("contactCount");
    expect(await listNames()).toEqual(["Gamma", "Alpha", "beta"]);
    expect(await listNames("?order=DESC")).toEqual(["Alpha", "beta", "Gamma"]);
  });

  it("sorts by name and description in both directions", async () => {
    expect(await listNames("?sort=name")).toEqual(["Alpha", "beta", "Gamma"]);
    expect(await listNames("?sort=name&order=DESC")).toEqual(["Gamma", "beta", "Alpha"]);
    expect(await listNames("?sort=description")).toEqual(["Gamma", "Alpha", "beta"]);
    expect(await listNames("?sort=description&order=DESC")).toEqual(["beta", "Alpha", "Gamma"]);
  });

  it("adds contact counts on request", async () => {
    for (const query of ["?with=contactCount", "?with[]=contactCount"]) {
      const response = await asAdmin("GET", `/segments${query}`);
      const counts = Object.fromEntries(
        segmentSchema
          .array()
          .parse(response.json())
          .map((segment) => [segment.name, segment.contactCount]),
      );
      // Only Anna and Cara have an "a" in their first names; everyone, the admin too, is in Gamma.
      expect(counts).toEqual({ Gamma: 4, Alpha: 2, beta: 2 });
    }
  });

  it("rejects unknown sorts and parameters", async () => {
    for (const query of ["?sort=id", "?order=UP", "?with=contacts", "?limit=10"]) {
      const response = await asAdmin("GET", `/segments${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe("invalid-request");
    }
  });
});

describe("contact counts", () => {
  it("follow the contacts as they change", async () => {
    const segment = await create({ name: "Subscribers", ruleGroup: subscribers });
    expect(segment.contactCount).toBe(2);
    const count = async () => {
      const one = (await asAdmin("GET", `/segments/${segment.id}?with=contactCount`)).json().contactCount;
      const all = (await asAdmin("GET", "/segments?with=contactCount")).json()[0].contactCount;
      expect(all).toBe(one);
      return one;
    };
    const extra = await makeContact(t.database.db, { firstname: "Dora" });
    expect(await count()).toBe(2);
    await t.database.db
      .update(contactProfiles)
      .set({ newsletterStatus: "subscribed" })
      .where(eq(contactProfiles.contactId, extra.id));
    expect(await count()).toBe(3);
    await t.database.db.delete(contacts).where(eq(contacts.id, extra.id));
    expect(await count()).toBe(2);
  });

  it("match the contact list's total for rules on profiles and contributions", async () => {
    const ruleGroups: RuleGroup[] = [
      subscribers,
      group(rule("contributionCancelled", "is_not_empty")),
      { condition: "OR", rules: [rule("contributionCancelled", "is_not_empty"), rule("firstname", "equal", ["Ben"])] },
      group(rule("id", "equal", ["me"])),
      group(),
    ];
    for (const ruleGroup of ruleGroups) {
      const segment = await create({ name: "Compare", ruleGroup });
      const list = contactListSchema.parse(
        (await asAdmin("GET", `/contact?rules=${encodeURIComponent(JSON.stringify(ruleGroup))}`)).json(),
      );
      expect(segment.contactCount, JSON.stringify(ruleGroup)).toBe(list.total);
    }
  });
});

describe("GET /segments/{id}", () => {
  it("is 404 for an unknown segment and 400 for a malformed id", async () => {
    const missing = await asAdmin("GET", `/segments/${UNKNOWN_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("not-found");
    const malformed = await asAdmin("GET", "/segments/not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe("invalid-request");
  });

  it("rejects unknown query parameters", async () => {
    const segment = await create({ name: "Subscribers", ruleGroup: subscribers });
    expect((await asAdmin("GET", `/segments/${segment.id}?colour=blue`)).statusCode).toBe(400);
  });
});

describe("PATCH /segments/{id}", () => {
  it("changes only the fields sent and answers with the count", async () => {
    const segment = await create({ name: "Subscribers", description: "Weekly", ruleGroup: subscribers });
    const renamed = await asAdmin("PATCH", `/segments/${segment.id}`, { name: "Readers" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ ...segment, name: "Readers" });

    const narrowed = await asAdmin("PATCH", `/segments/${segment.id}`, {
      ruleGroup: group(rule("firstname", "equal", ["Anna"])),
      order: 5,
    });
    expect(narrowed.json()).toMatchObject({ name: "Readers", description: "Weekly", order: 5, contactCount: 1 });

    const unchanged = await asAdmin("PATCH", `/segments/${segment.id}`, {});
    expect(unchanged.json()).toEqual(narrowed.json());
  });

  it("refuses an invalid rule and keeps the stored segment", async () => {
    const segment = await create({ name: "Subscribers", ruleGroup: subscribers });
    const response = await asAdmin("PATCH", `/segments/${segment.id}`, {
      name: "Changed",
      ruleGroup: group(rule("contributionType", "equal", ["Sometimes"])),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("invalid-rule");
    const stored = await asAdmin("GET", `/segments/${segment.id}?with=contactCount`);
    expect(stored.json()).toEqual(segment);
  });

  it("validates the body and the id", async () => {
    const segment = await create({ name: "Subscribers", ruleGroup: subscribers });
    for (const body of [{ name: "" }, { id: UNKNOWN_ID }, { description: null }, { ruleGroup: { rules: [] } }]) {
      const response = await asAdmin("PATCH", `/segments/${segment.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe("invalid-request");
    }
    expect((await asAdmin("PATCH", "/segments/42", { name: "X" })).statusCode).toBe(400);
    const missing = await asAdmin("PATCH", `/segments/${UNKNOWN_ID}`, { name: "X" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("not-found");
  });
});

describe("DELETE /segments/{id}", () => {
  it("removes the segment, then is 404", async () => {
    const segment = await create({ name: "Subscribers", ruleGroup: subscribers });
    const response = await asAdmin("DELETE", `/segments/${segment.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await asAdmin("GET", `/segments/${segment.id}`)).statusCode).toBe(404);
    const again = await asAdmin("DELETE", `/segments/${segment.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("not-found");
    expect((await asAdmin("DELETE", "/segments/nope")).statusCode).toBe(400);
  });
});

describe("GET /segments/{id}/contacts", () => {
  const contactsOf = async (id: string, query = "") => {
    const response = await asAdmin("GET", `/segments/${id}/contacts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return contactListSchema.parse(response.json());
  };

  it("lists the segment's contacts with the contact list envelope", async () => {
    const segment = await create({ name: "Subscribers", ruleGroup: subscribers });
    const body = await contactsOf(segment.id, "?sort=firstname&order=DESC&with=profile");
    expect(body).toMatchObject({ total: 2, offset: 0, count: 2 });
    expect(body.items.map((item) => item.firstname)).toEqual(["Cara", "Anna"]);
    expect(body.items[0]?.profile?.newsletterStatus).toBe("subscribed");
    const page = await contactsOf(segment.id, "?sort=firstname&limit=1&offset=1");
    expect(page).toMatchObject({ total: 2, offset: 1, count: 1 });
    expect(page.items[0]?.id).toBe(ids.cara);
  });

  it("ANDs the segment's rules with the query's rules", async () => {
    const segment = await create({ name: "Subscribers", ruleGroup: subscribers });
    const rules = (ruleGroup: RuleGroup) => `?rules=${encodeURIComponent(JSON.stringify(ruleGroup))}`;
    const cancelled = await contactsOf(segment.id, rules(group(rule("contributionCancelled", "is_not_empty"))));
    expect(cancelled.items.map((item) => item.id)).toEqual([ids.anna]);
    // An OR in the query cannot widen the segment.
    const either = await contactsOf(
      segment.id,
      rules({ condition: "OR", rules: [rule("firstname", "equal", ["Ben"]), rule("firstname", "equal", ["Cara"])] }),
    );
    expect(either.items.map((item) => item.id)).toEqual([ids.cara]);
    const orSegment = await create({
      name: "Ben or Cara",
      ruleGroup: {
        condition: "OR",
        rules: [rule("firstname", "equal", ["Ben"]), rule("firstname", "equal", ["Cara"])],
      },
    });
    const narrowed = await contactsOf(orSegment.id, rules(subscribers));
    expect(narrowed.items.map((item) => item.id)).toEqual([ids.cara]);
    expect((await contactsOf(orSegment.id, rules(group(rule("id", "equal", ["me"]))))).total).toBe(0);
    const meSegment = await create({ name: "Me", ruleGroup: group(rule("id", "equal", ["me"])) });
    expect((await contactsOf(meSegment.id)).items.map((item) => item.id)).toEqual([adminId]);
  });

  it("reports bad query rules and unknown segments", async () => {
    const segment = await create({ name: "Subscribers", ruleGroup: subscribers });
    const bad = await asAdmin(
      "GET",
      `/segments/${segment.id}/contacts?rules=${encodeURIComponent(JSON.stringify(invalidRules))}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("invalid-rule");
    expect((await asAdmin("GET", `/segments/${segment.id}/contacts?colour=blue`)).statusCode).toBe(400);
    expect((await asAdmin("GET", `/segments/${UNKNOWN_ID}/contacts`)).statusCode).toBe(404);
    expect((await asAdmin("GET", "/segments/nope/contacts")).statusCode).toBe(400);
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactListSchema } from "@cohort/common/contacts";
import type { Rule, RuleGroup } from "@cohort/common/filters";
import {
  contactProfiles,
  contactRoles,
  contactTagAssignments,
  contactTags,
  contacts,
  contributions,
} from "../src/db/schema/index.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let adminId: string;
const tagIds = { volunteer: randomUUID(), donor: randomUUID() };
const ids: Record<string, string> = {};
const DAY = 86_400_000;

/** Five people with different facts, so each filter picks a known subset. */
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const now = t.clock.now().getTime();
  const admin = await makeContact(db, {
    email: "admin@list.test",
    firstname: "Zed",
    lastname: "Admin",
    roles: ["admin"],
  });
  adminId = admin.id;
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );

  await db.insert(contactTags).values([
    { id: tagIds.volunteer, name: "Volunteer" },
    { id: tagIds.donor, name: "Donor" },
  ]);
  const people = [
    { key: "anna", firstname: "Anna", lastname: "Berg", joined: now - 400 * DAY, amount: 500, period: "monthly" },
    { key: "ben", firstname: "Ben", lastname: "Cole", joined: now - 40 * DAY, amount: 6000, period: "annually" },
    { key: "cara", firstname: "Cara", lastname: "", joined: now - 10 * DAY, amount: null, period: null },
    { key: "dan", firstname: "", lastname: "Dunn", joined: now - 2 * DAY, amount: 1500, period: "monthly" },
  ] as const;
  for (const person of people) {
    const contact = await makeContact(db, {
      email: `${person.key}@list.test`,
      firstname: person.firstname,
      lastname: person.lastname,
      password: person.key === "cara" ? null : undefined,
    });
    ids[person.key] = contact.id;
    await db
      .update(contacts)
      .set({
        joined: new Date(person.joined),
        contributionAmount: person.amount,
        contributionPeriod: person.period,
        contributionType: person.amount ? "Automatic" : "None",
      })
      .where(eq(contacts.id, contact.id));
  }
  // Anna: long-standing member, volunteer and donor, newsletter subscriber, cancelled.
  await db.insert(contactRoles).values([
    {
      contactId: ids.anna!,
      role: "member",
      dateAdded: new Date(now - 400 * DAY),
      dateExpires: new Date(now + 20 * DAY),
    },
    { contactId: ids.ben!, role: "member", dateAdded: new Date(now - 40 * DAY), dateExpires: new Date(now - 1 * DAY) },
    { contactId: ids.dan!, role: "member", dateAdded: new Date(now - 2 * DAY), dateExpires: null },
  ]);
  await db.insert(contactTagAssignments).values([
    { contactId: ids.anna!, tagId: tagIds.volunteer },
    { contactId: ids.anna!, tagId: tagIds.donor },
    { contactId: ids.ben!, tagId: tagIds.donor },
  ]);
  await db
    .update(contactProfiles)
    .set({ newsletterStatus: "subscribed", newsletterGroups: ["weekly", "events"], deliveryOptIn: true })
    .where(eq(contactProfiles.contactId, ids.anna!));
  await db
    .update(contributions)
    .set({ cancelledAt: new Date(now - 5 * DAY) })
    .where(eq(contributions.contactId, ids.anna!));
  await db.update(contacts).set({ contributionType: "Manual" }).where(eq(contacts.id, ids.dan!));
  await db.update(contributions).set({ manualSource: "Standing order" }).where(eq(contributions.contactId, ids.dan!));
});
afterAll(() => t.close());

async function list(query: string) {
  const response = await call(t.app, "GET", `/contact?${query}`, { cookie: adminCookie });
  return response;
}

/** Which of the five known people a filter returns (the admin is "zed"). */
async function matching(rules: RuleGroup | Rule[]): Promise<string[]> {
  const group = Array.isArray(rules) ? { condition: "AND" as const, rules } : rules;
  const response = await list(`limit=100&rules=${encodeURIComponent(JSON.stringify(group))}`);
  expect(response.statusCode, response.body).toBe(200);
  const byId = Object.fromEntries([...Object.entries(ids), ["zed", adminId]].map(([key, id]) => [id, key]));
  return contactListSchema
    .parse(response.json())
    .items.map((item) => byId[item.id] ?? "?")
    .sort();
}

const rule = (field: string, operator: Rule["operator"], value: Rule["value"] = []): Rule => ({
  field,
  operator,
  value,
});

describe("GET /contact", () => {
  it("pages through contacts with the reference envelope", async () => {
    const response = await list("limit=2&offset=1&sort=email&order=ASC");
    const body = contactListSchema.parse(response.json());
    expect(body).toMatchObject({ total: 5, offset: 1, count: 2 });
    expect(body.items.map((item) => item.email)).toEqual(["anna@list.test", "ben@list.test"]);
  });

  it("sorts empty names last in both directions", async () => {
    const ascending = contactListSchema.parse((await list("sort=firstname&order=ASC")).json());
    expect(ascending.items.map((item) => item.firstname)).toEqual(["Anna", "Ben", "Cara", "Zed", ""]);
    const descending = contactListSchema.parse((await list("sort=firstname&order=DESC")).json());
    expect(descending.items.map((item) => item.firstname)).toEqual(["Zed", "Cara", "Ben", "Anna", ""]);
  });

  it("sorts by monthly contribution and membership dates", async () => {
    const byAmount = contactListSchema.parse((await list("sort=contributionMonthlyAmount&order=DESC")).json());
    // Dan pays 15 a month; Anna and Ben tie at 5 (ties fall back to the id); no amount sorts last.
    expect(byAmount.items[0]?.id).toBe(ids.dan);
    expect(
      byAmount.items
        .slice(1, 3)
        .map((item) => item.firstname)
        .sort(),
    ).toEqual(["Anna", "Ben"]);
    expect(
      byAmount.items
        .slice(3)
        .map((item) => item.id)
        .sort(),
    ).toEqual([ids.cara, adminId].sort());
    const byExpiry = contactListSchema.parse((await list("sort=membershipExpires&order=DESC")).json());
    expect(byExpiry.items[0]?.firstname).toBe("Anna");
  });

  it("adds roles, tags and profile with `with`", async () => {
    const body = contactListSchema.parse((await list("with=roles&with=tags&with=profile&sort=email")).json());
    const anna = body.items.find((item) => item.id === ids.anna);
    expect(anna?.tags?.map((tag) => tag.name)).toEqual(["Donor", "Volunteer"]);
    expect(anna?.roles?.[0]?.role).toBe("member");
    expect(anna?.profile?.newsletterGroups).toEqual(["weekly", "events"]);
    expect(anna?.contributionAmount).toBe(5);
    expect(body.items.find((item) => item.id === ids.ben)?.contributionAmount).toBe(60);
  });

  it("shows a member only themselves", async () => {
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const cookie = sessionCookie(
      await call(t.app, "POST", "/auth/login", { body: { email: member.email, password: PASSWORD } }),
    );
    const body = contactListSchema.parse((await call(t.app, "GET", "/contact", { cookie })).json());
    expect(body.items.map((item) => item.id)).toEqual([member.id]);
    await t.database.db.delete(contacts).where(eq(contacts.id, member.id));
  });
});

describe("text filters", () => {
  it("equal is case-sensitive, contains and friends are not", async () => {
    expect(await matching([rule("firstname", "equal", ["Anna"])])).toEqual(["anna"]);
    expect(await matching([rule("firstname", "equal", ["anna"])])).toEqual([]);
    expect(await matching([rule("firstname", "not_equal", ["Anna"])])).toEqual(["ben", "cara", "dan", "zed"]);
    expect(await matching([rule("email", "contains", ["AN"])])).toEqual(["anna", "dan"]);
    expect(await matching([rule("email", "not_contains", ["an"])])).toEqual(["ben", "cara", "zed"]);
    expect(await matching([rule("lastname", "begins_with", ["b"])])).toEqual(["anna"]);
    expect(await matching([rule("lastname", "not_begins_with", ["b"])])).toEqual(["ben", "cara", "dan", "zed"]);
    expect(await matching([rule("lastname", "ends_with", ["N"])])).toEqual(["dan", "zed"]);
    expect(await matching([rule("lastname", "not_ends_with", ["n"])])).toEqual(["anna", "ben", "cara"]);
    expect(await matching([rule("lastname", "is_empty")])).toEqual(["cara"]);
    expect(await matching([rule("firstname", "is_not_empty")])).toEqual(["anna", "ben", "cara", "zed"]);
  });

  it("treats % and _ in the search text literally", async () => {
    expect(await matching([rule("email", "contains", ["%"])])).toEqual([]);
    expect(await matching([rule("email", "contains", ["_"])])).toEqual([]);
  });

  it("filters the manual payment source of manual contributors", async () => {
    expect(await matching([rule("manualPaymentSource", "contains", ["standing"])])).toEqual(["dan"]);
    expect(await matching([rule("manualPaymentSource", "is_empty")])).toEqual(["anna", "ben", "cara", "zed"]);
  });
});

describe("number, enum and boolean filters", () => {
  it("compares the monthly-normalised amount", async () => {
    expect(await matching([rule("contributionMonthlyAmount", "equal", [5])])).toEqual(["anna", "ben"]);
    expect(await matching([rule("contributionMonthlyAmount", "greater", [5])])).toEqual(["dan"]);
    expect(await matching([rule("contributionMonthlyAmount", "less_or_equal", [5])])).toEqual(["anna", "ben"]);
    expect(await matching([rule("contributionMonthlyAmount", "between", [4, 20])])).toEqual(["anna", "ben", "dan"]);
    expect(await matching([rule("contributionMonthlyAmount", "not_between", [4, 10])])).toEqual(["dan"]);
    expect(await matching([rule("contributionMonthlyAmount", "is_empty")])).toEqual(["cara", "zed"]);
  });

  it("matches enums exactly", async () => {
    expect(await matching([rule("contributionPeriod", "equal", ["annually"])])).toEqual(["ben"]);
    expect(await matching([rule("contributionType", "not_equal", ["None"])])).toEqual(["anna", "ben", "dan"]);
    expect(await matching([rule("newsletterStatus", "equal", ["subscribed"])])).toEqual(["anna"]);
  });

  it("matches booleans", async () => {
    expect(await matching([rule("deliveryOptIn", "equal", [true])])).toEqual(["anna"]);
    expect(await matching([rule("activeUser", "equal", [false])])).toEqual(["cara"]);
    expect(await matching([rule("activeMembership", "equal", [true])])).toEqual(["anna", "dan"]);
    expect(await matching([rule("activeMembership", "equal", [false])])).toEqual(["ben", "cara", "zed"]);
    expect(await matching([rule("isReviewer", "equal", [true])])).toEqual(["zed"]);
  });

  it("matches active permissions", async () => {
    expect(await matching([rule("activePermission", "equal", ["admin"])])).toEqual(["zed"]);
    expect(await matching([rule("activePermission", "equal", ["member"])])).toEqual(["anna", "dan"]);
    expect(await matching([rule("activePermission", "not_equal", ["member"])])).toEqual(["ben", "cara", "zed"]);
  });
});

describe("date filters", () => {
  it("accepts relative dates", async () => {
    expect(await matching([rule("joined", "greater_or_equal", ["$now(d:-14)"])])).toEqual(["cara", "dan", "zed"]);
    expect(await matching([rule("joined", "less", ["$now(M:-2)"])])).toEqual(["anna"]);
    expect(await matching([rule("joined", "between", ["$now(d:-50)", "$now(d:-5)"])])).toEqual(["ben", "cara"]);
  });

  it("compares by day: equal to a day matches anything on it", async () => {
    const joinedDan = new Date(t.clock.now().getTime() - 2 * DAY).toISOString().slice(0, 10);
    expect(await matching([rule("joined", "equal", [joinedDan])])).toEqual(["dan"]);
    expect(await matching([rule("joined", "not_equal", [joinedDan])])).toEqual(["anna", "ben", "cara", "zed"]);
    expect(await matching([rule("joined", "less_or_equal", [joinedDan])])).toEqual(["anna", "ben", "cara", "dan"]);
    expect(await matching([rule("joined", "greater", [joinedDan])])).toEqual(["zed"]);
  });

  it("filters membership dates and the cancellation date", async () => {
    expect(await matching([rule("membershipExpires", "less", ["$now"])])).toEqual(["ben"]);
    expect(await matching([rule("membershipStarts", "less", ["$now(M:-6)"])])).toEqual(["anna"]);
    expect(await matching([rule("contributionCancelled", "is_not_empty")])).toEqual(["anna"]);
    expect(await matching([rule("lastSeen", "is_empty")])).toEqual(["anna", "ben", "cara", "dan"]);
  });
});

describe("array filters and groups", () => {
  it("filters tags by id and newsletter groups by name", async () => {
    expect(await matching([rule("tags", "contains", [tagIds.donor])])).toEqual(["anna", "ben"]);
    expect(await matching([rule("tags", "not_contains", [tagIds.donor])])).toEqual(["cara", "dan", "zed"]);
    expect(await matching([rule("tags", "is_empty")])).toEqual(["cara", "dan", "zed"]);
    expect(await matching([rule("tags", "is_not_empty")])).toEqual(["anna", "ben"]);
    expect(await matching([rule("newsletterGroups", "contains", ["events"])])).toEqual(["anna"]);
    expect(await matching([rule("newsletterGroups", "is_empty")])).toEqual(["ben", "cara", "dan", "zed"]);
  });

  it("combines nested AND and OR groups", async () => {
    const group: RuleGroup = {
      condition: "OR",
      rules: [
        rule("firstname", "equal", ["Cara"]),
        {
          condition: "AND",
          rules: [rule("tags", "contains", [tagIds.donor]), rule("activeMembership", "equal", [false])],
        },
      ],
    };
    expect(await matching(group)).toEqual(["ben", "cara"]);
    expect(await matching({ condition: "OR", rules: [] })).toEqual(["anna", "ben", "cara", "dan", "zed"]);
  });

  it("resolves `me` to the caller", async () => {
    expect(await matching([rule("id", "equal", ["me"])])).toEqual(["zed"]);
  });
});

describe("bad filters", () => {
  const bad = async (rules: unknown) => {
    const response = await list(
      `rules=${encodeURIComponent(typeof rules === "string" ? rules : JSON.stringify(rules))}`,
    );
    return { status: response.statusCode, body: response.json() };
  };

  it("are 400s with the invalid-rule code, never 500s", async () => {
    const cases: [Rule, RegExp][] = [
      [rule("password", "equal", ["x"]), /Invalid field/],
      [rule("firstname", "greater", ["x"]), /Invalid operator/],
      [rule("joined", "between", ["2024"]), /needs 2, 1 given/],
      [rule("contributionMonthlyAmount", "equal", ["5"]), /Expected a number/],
      [rule("joined", "equal", ["last tuesday"]), /Invalid date/],
      [rule("joined", "equal", ["$now(w:-1)"]), /Invalid date/],
      [rule("contributionType", "equal", ["Sometimes"]), /Invalid value/],
      [rule("tags", "contains", ["'; DROP TABLE contacts; --"]), /Invalid id/],
      [rule("id", "equal", ["not-a-uuid"]), /Invalid contact id/],
      [rule("deliveryOptIn", "equal", ["true"]), /Expected true or false/],
    ];
    for (const [candidate, message] of cases) {
      const { status, body } = await bad({ condition: "AND", rules: [candidate] });
      expect(status, JSON.stringify(candidate)).toBe(400);
      expect(body.code).toBe("invalid-rule");
      expect(body.message).toMatch(message);
    }
  });

  it("reject malformed structure as a validation error", async () => {
    for (const rules of ["{not json", { condition: "XOR", rules: [] }, { condition: "AND", rules: [{ field: "x" }] }]) {
      const { status, body } = await bad(rules);
      expect(status).toBe(400);
      expect(body.code).toBe("invalid-request");
    }
  });

  it("reject unknown query parameters and sort fields", async () => {
    expect((await list("colour=blue")).statusCode).toBe(400);
    expect((await list("sort=password")).statusCode).toBe(400);
    expect((await list("limit=1000")).statusCode).toBe(400);
  });

  it("store nothing odd: SQL-looking text is just text", async () => {
    expect(await matching([rule("lastname", "equal", ["x' OR '1'='1"])])).toEqual([]);
  });
});

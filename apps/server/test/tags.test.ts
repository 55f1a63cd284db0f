import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactTagListItemSchema } from "@cohort/common/tags";
import { contactTagAssignments, contactTags } from "../src/db/schema/index.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";
import { untilAnotherWaitsForALock } from "./helpers/blocked.js";

let t: TestApp;
let adminCookie: string;

const UNKNOWN_ID = "6f1c8a52-4a0e-4d59-9b8e-2f4a1f0c9d11";

beforeAll(async () => {
  t = await createTestApp();
  const admin = await makeContact(t.database.db, { roles: ["admin"] });
  adminCookie = sessionCookie(
    await call(t.app, "POST", "/auth/login", { body: { email: admin.email, password: PASSWORD } }),
  );
});
afterAll(() => t.close());

const post = (body: unknown) => call(t.app, "POST", "/contact-tags", { cookie: adminCookie, body });
const patch = (id: string, body: unknown) => call(t.app, "PATCH", `/contact-tags/${id}`, { cookie: adminCookie, body });
const list = async (query = "") => {
  const response = await call(t.app, "GET", `/contact-tags${query}`, { cookie: adminCookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; name: string; contactCount?: number }[]>();
};

async function createTag(name: string, description?: string): Promise<string> {
  const response = await post(description === undefined ? { name } : { name, description });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}

async function storedTag(id: string) {
  const [row] = await t.database.db.select().from(contactTags).where(eq(contactTags.id, id));
  return row;
}

async function tagContacts(tagId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const contact = await makeContact(t.database.db);
    await t.database.db.insert(contactTagAssignments).values({ contactId: contact.id, tagId });
    ids.push(contact.id);
  }
  return ids;
}

/** The `property` of each field error in a 400 body. */
const offenders = (body: { errors?: { property: string }[] }) => (body.errors ?? []).map((error) => error.property);

describe("POST /contact-tags", () => {
  it("creates a tag and answers {id, name} only", async () => {
    const response = await post({ name: "  Volunteers  ", description: "People who help at events" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(String), name: "Volunteers" });
    expect(await storedTag(body.id)).toMatchObject({ name: "Volunteers", description: "People who help at events" });
  });

  it("defaults the description to an empty string", async () => {
    const id = await createTag("No description");
    expect((await storedTag(id))?.description).toBe("");
  });

  it("refuses a name already taken, whatever its case", async () => {
    await createTag("Press");
    for (const name of ["Press", "PRESS", " press "]) {
      const response = await post({ name, description: "" });
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({
        code: "duplicate-tag-name",
        message: "A tag with this name already exists",
      });
      expect(offenders(response.json())).toEqual(["name"]);
    }
  });

  it("reports a name taken by a request that commits at the same moment as a duplicate", async () => {
    let pending: Promise<LightMyRequestResponse> | undefined;
    await t.database.db.transaction(async (tx) => {
      // Another request has stored the name but not committed yet, so the lookup cannot see it.
      await tx.insert(contactTags).values({ id: randomUUID(), name: "Racing" });
      pending = post({ name: "Racing" });
      await untilAnotherWaitsForALock(t.database, tx);
    });
    const response = await pending!;
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("duplicate-tag-name");
  });

  it("validates the body", async () => {
    const cases: [unknown, string, string][] = [
      [{ name: "" }, "name", "Name is required"],
      [{ name: "   " }, "name", "Name is required"],
      [{ description: "no name" }, "name", "Name is required"],
      [{ name: "x".repeat(101) }, "name", "Maximum length of 100 characters exceeded"],
      [{ name: "Fine", description: 42 }, "description", ""],
      [{ name: "Fine", colour: "red" }, "colour", "property colour should not exist"],
    ];
    for (const [body, property, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe("invalid-request");
      const error = response.json().errors.find((each: { property: string }) => each.property === property);
      expect(error, JSON.stringify(body)).toBeDefined();
      if (message) expect(Object.values(error.constraints)).toContain(message);
    }
    expect((await list()).map((tag) => tag.name)).not.toContain("Fine");
  });
});

describe("GET /contact-tags", () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    await t.database.db.delete(contactTags);
    ids = {
      gardening: await createTag("gardening"),
      Apple: await createTag("Apple"),
      banana: await createTag("banana"),
    };
  });

  it("returns a bare array of {id, name}, sorted by name ascending whatever the case", async () => {
    const tags = await list();
    expect(tags).toEqual([
      { id: ids.Apple, name: "Apple" },
      { id: ids.banana, name: "banana" },
      { id: ids.gardening, name: "gardening" },
    ]);
  });

  it("sorts by name or id, in either order", async () => {
    expect((await list("?order=DESC")).map((tag) => tag.name)).toEqual(["gardening", "banana", "Apple"]);
    expect((await list("?sort=name&order=DESC")).map((tag) => tag.name)).toEqual(["gardening", "banana", "Apple"]);
    const byId = Object.values(ids).sort();
    expect((await list("?sort=id")).map((tag) => tag.id)).toEqual(byId);
    expect((await list("?sort=id&order=DESC")).map((tag) => tag.id)).toEqual([...byId].reverse());
  });

  it("adds contactCount only when asked for", async () => {
    await tagContacts(ids.Apple!, 3);
    const [bothId] = await tagContacts(ids.banana!, 1);
    await t.database.db.insert(contactTagAssignments).values({ contactId: bothId!, tagId: ids.Apple! });

    const counted = await list("?with=contactCount");
    for (const tag of counted) contactTagListItemSchema.parse(tag);
    expect(counted).toEqual([
      { id: ids.Apple, name: "Apple", contactCount: 4 },
      { id: ids.banana, name: "banana", contactCount: 1 },
      { id: ids.gardening, name: "gardening", contactCount: 0 },
    ]);
    expect((await list("?with[]=contactCount&order=DESC")).map((tag) => tag.contactCount)).toEqual([0, 1, 4]);
    expect((await list()).every((tag) => !("contactCount" in tag))).toBe(true);
  });

  it("refuses unknown sort fields, orders, options and query parameters", async () => {
    for (const query of ["?sort=description", "?order=UP", "?with=everything", "?limit=5"]) {
      const response = await call(t.app, "GET", `/contact-tags${query}`, { cookie: adminCookie });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe("invalid-request");
    }
  });
});

describe("PATCH /contact-tags/{id}", () => {
  it("renames a tag and keeps its description", async () => {
    const id = await createTag("Donors", "Gave money");
    const response = await patch(id, { name: " Major donors " });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, name: "Major donors" });
    expect(await storedTag(id)).toMatchObject({ name: "Major donors", description: "Gave money" });
  });

  it("changes only the description when only that is sent, and accepts an empty body", async () => {
    const id = await createTag("Readers", "Old text");
    expect((await patch(id, { description: "New text" })).json()).toEqual({ id, name: "Readers" });
    expect(await storedTag(id)).toMatchObject({ name: "Readers", description: "New text" });
    const unchanged = await patch(id, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toEqual({ id, name: "Readers" });
  });

  it("lets a tag change the case of its own name but not take another tag's", async () => {
    const id = await createTag("events");
    await createTag("Sponsors");
    const recased = await patch(id, { name: "Events" });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().name).toBe("Events");
    const clash = await patch(id, { name: "sponsors" });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toMatchObject({ code: "duplicate-tag-name", message: "A tag with this name already exists" });
    expect((await storedTag(id))?.name).toBe("Events");
  });

  it("answers 404 for an unknown tag and 400 for a malformed id or body", async () => {
    const missing = await patch(UNKNOWN_ID, { name: "Ghost" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("not-found");

    const badId = await patch("not-a-uuid", { name: "Ghost" });
    expect(badId.statusCode).toBe(400);
    expect(offenders(badId.json())).toEqual(["id"]);

    const id = await createTag("Validated");
    const empty = await patch(id, { name: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({ property: "name", constraints: { too_small: "Name is required" } });
    const unknown = await patch(id, { name: "Still valid", slug: "x" });
    expect(unknown.statusCode).toBe(400);
    expect(offenders(unknown.json())).toEqual(["slug"]);
    expect((await storedTag(id))?.name).toBe("Validated");
  });

  it("shows the new name on the contacts carrying the tag", async () => {
    const id = await createTag("Before");
    const [contactId] = await tagContacts(id, 1);
    await patch(id, { name: "After" });
    const contact = await call(t.app, "GET", `/contact/${contactId}?with=tags`, { cookie: adminCookie });
    expect(contact.json().tags).toEqual([{ id, name: "After" }]);
  });
});

describe("DELETE /contact-tags/{id}", () => {
  it("deletes the tag and its assignments, not the contacts", async () => {
    const id = await createTag("Short-lived");
    const contactIds = await tagContacts(id, 2);
    const response = await call(t.app, "DELETE", `/contact-tags/${id}`, { cookie: adminCookie });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect(await storedTag(id)).toBeUndefined();
    const left = await t.database.db.select().from(contactTagAssignments).where(eq(contactTagAssignments.tagId, id));
    expect(left).toEqual([]);
    const contact = await call(t.app, "GET", `/contact/${contactIds[0]}?with=tags`, { cookie: adminCookie });
    expect(contact.statusCode).toBe(200);
    expect(contact.json().tags).toEqual([]);
    expect((await list()).map((tag) => tag.id)).not.toContain(id);
  });

  it("answers 404 for an unknown or already deleted tag and 400 for a malformed id", async () => {
    const id = await createTag("Twice");
    expect((await call(t.app, "DELETE", `/contact-tags/${id}`, { cookie: adminCookie })).statusCode).toBe(204);
    const again = await call(t.app, "DELETE", `/contact-tags/${id}`, { cookie: adminCookie });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("not-found");
    expect((await call(t.app, "DELETE", `/contact-tags/${UNKNOWN_ID}`, { cookie: adminCookie })).statusCode).toBe(404);
    const bad = await call(t.app, "DELETE", "/contact-tags/12", { cookie: adminCookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("invalid-request");
  });

  it("frees the name for a new tag", async () => {
    const id = await createTag("Reusable");
    await call(t.app, "DELETE", `/contact-tags/${id}`, { cookie: adminCookie });
    expect((await post({ name: "reusable" })).statusCode).toBe(200);
  });
});

import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import type { FormSchemaInput } from "@cohort/common/callouts";
import { MAP_RESPONSE_LIMIT } from "@cohort/common/callouts";
import { calloutResponses } from "../src/db/schema/index.js";
import { FeedPage, MapFeedCache, mapFeedCacheOf } from "../src/modules/responses/map-feed-cache.js";
import { loginAs, makeCallout, publicResponseView } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin", "member"] }));
});
afterAll(() => t.close());

const address = { formatted_address: "1 High Street", geometry: { location: { lat: 51.5, lng: -0.1 } } };
const pic = { url: "https://cdn.example.org/uploads/hole.jpg", name: "hole.jpg" };

function formWith(adminOnly: { title?: boolean; pics?: boolean; where?: boolean }): FormSchemaInput {
  return {
    slides: [
      {
        id: "s",
        title: "Report",
        navigation: { nextSlideId: null },
        components: [
          { id: "t", key: "title", type: "textfield", input: true, adminOnly: adminOnly.title ?? false },
          { id: "w", key: "where", type: "address", input: true, adminOnly: adminOnly.where ?? false },
          { id: "p", key: "pics", type: "file", input: true, adminOnly: adminOnly.pics ?? false },
          { id: "n", key: "note", type: "textarea", input: true, adminOnly: true },
        ],
      },
    ],
  };
}

const view = publicResponseView({ titleProp: "s.title", imageProp: "s.pics", addressProp: "s.where" });

const answers: CalloutAnswers = { s: { title: "Flooded cellar", where: address, pics: [pic], note: "call me" } };

async function calloutWith(rows: { bucket: string; answers?: CalloutAnswers }[], form = formWith({})) {
  const made = await makeCallout(t.database.db, t.clock, {
    access: "anonymous",
    allowMultiple: true,
    formSchema: form,
    responseViewSchema: view,
  });
  const now = t.clock.now();
  for (let start = 0; start < rows.length; start += 1000) {
    await t.database.db.insert(calloutResponses).values(
      rows.slice(start, start + 1000).map((row, index) => ({
        id: randomUUID(),
        calloutId: made.id,
        number: start + index + 1,
        answers: row.answers ?? answers,
        bucket: row.bucket,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  return made;
}

interface Page {
  items: { number: number; title: string; photos: unknown[]; address?: unknown; answers: CalloutAnswers }[];
  total: number;
  offset: number;
  count: number;
}

const feed = async (id: string, query = "", cookie?: string): Promise<Page> => {
  const response = await call(t.app, "GET", `/callout/${id}/responses/map${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  return response.json<Page>();
};

describe("the map feed leaves out what only admins may see", () => {
  it("takes no title, photos or address from components marked admin-only", async () => {
    const made = await calloutWith([{ bucket: "verified" }], formWith({ title: true, pics: true, where: true }));
    for (const cookie of [undefined, adminCookie]) {
      const [item] = (await feed(made.id, "", cookie)).items;
      expect(item).toEqual({ number: 1, title: "", photos: [], answers: { s: {} } });
    }
  });

  it("shows them when the components are public, but never admin-only answers", async () => {
    const made = await calloutWith([{ bucket: "verified" }, { bucket: "" }]);
    const page = await feed(made.slug);
    expect(page).toEqual({
      total: 1,
      offset: 0,
      count: 1,
      items: [
        {
          number: 1,
          title: "Flooded cellar",
          photos: [pic],
          address,
          answers: { s: { title: "Flooded cellar", where: address, pics: [pic] } },
        },
      ],
    });
    expect(JSON.stringify(page)).not.toContain("call me");
  });
});

describe("the map feed in pages", () => {
  it("pages through every located response with offset", async () => {
    const made = await calloutWith(
      Array.from({ length: MAP_RESPONSE_LIMIT + 7 }, (_, index) => ({ bucket: index % 2 ? "trash" : "verified" })),
    );
    const first = await feed(made.id);
    const publicTotal = Math.ceil((MAP_RESPONSE_LIMIT + 7) / 2);
    expect(first).toMatchObject({ total: publicTotal, offset: 0, count: publicTotal });
    const asAdmin = await feed(made.id, "", adminCookie);
    expect(asAdmin).toMatchObject({ total: MAP_RESPONSE_LIMIT + 7, offset: 0, count: MAP_RESPONSE_LIMIT });
    const second = await feed(made.id, `?offset=${MAP_RESPONSE_LIMIT}`, adminCookie);
    expect(second).toMatchObject({ total: MAP_RESPONSE_LIMIT + 7, offset: MAP_RESPONSE_LIMIT, count: 7 });
    expect(second.items.map((item) => item.number)).toEqual([2201, 2202, 2203, 2204, 2205, 2206, 2207]);
    const beyond = await feed(made.id, "?offset=99999");
    expect(beyond).toMatchObject({ items: [], count: 0, offset: 99999, total: publicTotal });
    const refused = await call(t.app, "GET", `/callout/${made.id}/responses/map?offset=-1`);
    expect(refused.statusCode).toBe(400);
  });
});

describe("the map feed cache", () => {
  it("serves a page again from the cache while nothing changed", async () => {
    const made = await calloutWith([{ bucket: "verified" }, { bucket: "verified" }]);
    const cache = mapFeedCacheOf(t.database.db);
    const before = await feed(made.id);
    const entries = cache.size;
    const stored = vi.spyOn(cache, "set");
    expect(await feed(made.id)).toEqual(before);
    expect(cache.size).toBe(entries);
    expect(stored).not.toHaveBeenCalled();
    stored.mockRestore();
  });

  it("shows a response moved into or out of a public bucket at the next request", async () => {
    const made = await calloutWith([{ bucket: "verified" }]);
    expect((await feed(made.id)).total).toBe(1);
    const id = randomUUID();
    const now = t.clock.now();
    await t.database.db
      .insert(calloutResponses)
      .values({ id, calloutId: made.id, number: 2, answers, bucket: "", createdAt: now, updatedAt: now });
    expect((await feed(made.id)).total).toBe(1);
    t.clock.advance(1000);
    const moved = await call(t.app, "PATCH", `/callout-responses/${id}`, {
      cookie: adminCookie,
      body: { bucket: "verified" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await feed(made.id)).items.map((item) => item.number)).toEqual([1, 2]);
    t.clock.advance(1000);
    await call(t.app, "PATCH", `/callout-responses/${id}`, { cookie: adminCookie, body: { bucket: "trash" } });
    expect((await feed(made.id)).items.map((item) => item.number)).toEqual([1]);
  });

  it("keeps public and admin pages apart", async () => {
    const made = await calloutWith([{ bucket: "verified" }, { bucket: "" }]);
    expect((await feed(made.id)).total).toBe(1);
    expect((await feed(made.id, "", adminCookie)).total).toBe(2);
    expect((await feed(made.id)).total).toBe(1);
  });

  it("drops the least recently used pages past its size, and pages of an older version", () => {
    let now = 0;
    const cache = new MapFeedCache(() => now, 10);
    const page = (json: string) => new FeedPage(json);
    cache.set("a", "v1", page("aaaa"));
    cache.set("b", "v1", page("bbbb"));
    expect(cache.get("a", "v1")?.json).toBe("aaaa");
    cache.set("c", "v1", page("cccc"));
    expect(cache.get("b", "v1")).toBeUndefined();
    expect(cache.get("a", "v1")?.json).toBe("aaaa");
    expect(cache.get("a", "v2")).toBeUndefined();
    expect(cache.get("a", "v1")).toBeUndefined();
    cache.set("too-big", "v1", page("x".repeat(11)));
    expect(cache.get("too-big", "v1")).toBeUndefined();
    now += 10 * 60 * 1000;
    expect(cache.get("c", "v1")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("sends pages gzip-compressed to clients that take it", async () => {
    const made = await calloutWith([{ bucket: "verified" }]);
    const url = `/api/1.0/callout/${made.id}/responses/map`;
    const zipped = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toMatchObject({ total: 1 });
    const again = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(again.rawPayload.equals(zipped.rawPayload)).toBe(true);
    const plain = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip;q=0, identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toMatchObject({ total: 1 });
  });
});

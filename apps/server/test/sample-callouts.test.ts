import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formAnswer,
  inputComponentTypes,
  inputComponents,
  isMissingAnswer,
  validateCalloutAnswers,
  flattenComponents,
  childComponents,
  componentTypes,
  type AddressAnswer,
} from "@cohort/common/callout-form";
import { calloutStatus, mapResponseListSchema } from "@cohort/common/callouts";
import {
  SAMPLE_CITY_CENTER,
  SAMPLE_CITY_RADIUS_KM,
  SAMPLE_ENDED_CALLOUT_RESPONSES,
  SAMPLE_OPEN_CALLOUT_RESPONSES,
  sampleDataSummarySchema,
} from "@cohort/common/setup";
import {
  calloutResponseComments,
  calloutResponseTags,
  calloutResponses,
  calloutReviewers,
  calloutTags,
  callouts,
  sampleCallouts,
  uploadedFiles,
} from "../src/db/schema/index.js";
import { loginAs, makeCallout, defaultCalloutForm, defaultAnswers } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
  memberCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["member"] }));
});
afterAll(() => t.close());

const load = () => call(t.app, "POST", "/setup/sample-data", { cookie: adminCookie });
const remove = () => call(t.app, "DELETE", "/setup/sample-data", { cookie: adminCookie });

async function loadedCallouts() {
  const db = t.database.db;
  const rows = await db.select().from(callouts).innerJoin(sampleCallouts, eq(sampleCallouts.calloutId, callouts.id));
  const now = t.clock.now();
  const byStatus = (status: string) =>
    rows.find((row) => calloutStatus(row.callouts.starts, row.callouts.expires, now) === status)?.callouts;
  return { count: rows.length, open: byStatus("open")!, ended: byStatus("ended")! };
}

const responsesOf = (calloutId: string) =>
  t.database.db.select().from(calloutResponses).where(eq(calloutResponses.calloutId, calloutId));

/** Great-circle distance in kilometres. */
function distanceKm(from: readonly [number, number], to: { lat: number; lng: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const [lng, lat] = from;
  const a =
    Math.sin(radians(to.lat - lat) / 2) ** 2 +
    Math.cos(radians(lat)) * Math.cos(radians(to.lat)) * Math.sin(radians(to.lng - lng) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

describe("the sample callouts", () => {
  it("are for admins only to load and remove", async () => {
    for (const cookie of [memberCookie, undefined]) {
      expect((await call(t.app, "POST", "/setup/sample-data", { cookie })).statusCode).toBe(403);
      expect((await call(t.app, "DELETE", "/setup/sample-data", { cookie })).statusCode).toBe(403);
    }
    expect((await loadedCallouts()).count).toBe(0);
  });

  it("come as one open callout with answers of every kind around Bristol, and one ended callout", async () => {
    const loaded = await load();
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(sampleDataSummarySchema.parse(loaded.json())).toMatchObject({
      callouts: 2,
      responses: SAMPLE_OPEN_CALLOUT_RESPONSES + SAMPLE_ENDED_CALLOUT_RESPONSES,
    });

    const { count, open, ended } = await loadedCallouts();
    expect(count).toBe(2);
    expect(open.responseViewSchema).toMatchObject({ gallery: true, buckets: ["verified"] });
    expect(open.responseViewSchema?.map).not.toBeNull();
    expect(open.lastResponseNumber).toBe(SAMPLE_OPEN_CALLOUT_RESPONSES);
    expect(await responsesOf(ended.id)).toHaveLength(SAMPLE_ENDED_CALLOUT_RESPONSES);

    // Every component type of the builder is in the form, and every input type is answered.
    const form = open.formSchema;
    const used = new Set(
      form.slides.flatMap((slide) =>
        flattenComponents(slide.components).flatMap((component) => [
          component.type,
          ...childComponents(component).map((child) => child.type),
        ]),
      ),
    );
    expect([...used].sort()).toEqual([...componentTypes].sort());
    const responses = await responsesOf(open.id);
    expect(responses).toHaveLength(SAMPLE_OPEN_CALLOUT_RESPONSES);
    const answeredTypes = new Set(
      inputComponents(form)
        .filter(({ slide, component }) =>
          responses.some((response) => !isMissingAnswer(formAnswer(response.answers, slide.id, component.key))),
        )
        .map(({ component }) => component.type),
    );
    expect([...answeredTypes].sort()).toEqual([...inputComponentTypes].sort());
    // Every answer is one the form itself would take.
    const invalid = responses.filter(
      (response) => !validateCalloutAnswers(form, response.answers, { now: t.clock.now() }).ok,
    );
    expect(invalid).toEqual([]);
    expect(responses.map((response) => response.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: SAMPLE_OPEN_CALLOUT_RESPONSES }, (_, index) => index + 1),
    );
    expect(responses.every((response) => response.createdAt <= t.clock.now())).toBe(true);

    // Sorted into buckets, tagged, assigned and discussed.
    expect(new Set(responses.map((response) => response.bucket))).toEqual(new Set(["", "verified", "trash"]));
    const ids = responses.map((response) => response.id);
    const db = t.database.db;
    const tagged = await db.select().from(calloutResponseTags).where(inArray(calloutResponseTags.responseId, ids));
    expect(new Set(tagged.map((row) => row.tagId)).size).toBeGreaterThanOrEqual(3);
    const assigned = responses.filter((response) => response.assigneeId !== null);
    expect(assigned.length).toBeGreaterThan(0);
    const reviewers = await db.select().from(calloutReviewers).where(eq(calloutReviewers.calloutId, open.id));
    expect(new Set(assigned.map((response) => response.assigneeId))).toEqual(
      new Set(reviewers.map((reviewer) => reviewer.contactId)),
    );
    const comments = await db
      .select()
      .from(calloutResponseComments)
      .where(inArray(calloutResponseComments.responseId, ids));
    expect(comments.length).toBeGreaterThan(0);

    // Every address lies around Bristol.
    const addresses = responses.map((response) => formAnswer(response.answers, "story", "location") as AddressAnswer);
    const farthest = Math.max(...addresses.map((address) => distanceKm(SAMPLE_CITY_CENTER, address.geometry.location)));
    expect(farthest).toBeLessThanOrEqual(SAMPLE_CITY_RADIUS_KM);

    // The pictures are in storage, linked to their answers and served.
    const files = await db.select().from(uploadedFiles).where(inArray(uploadedFiles.responseId, ids));
    const withPhoto = responses.filter((response) => !isMissingAnswer(formAnswer(response.answers, "story", "photo")));
    expect(files).toHaveLength(withPhoto.length);
    for (const file of files) expect(await t.ctx.storage.size(file.storageKey)).toBe(file.size);
    const [first] = files;
    const served = await t.app.inject({ method: "GET", url: `/uploads/${first!.id}/${first!.name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
  });

  it("show the verified answers on the public map and gallery, without what identifies a person", async () => {
    const { open } = await loadedCallouts();
    const feed = await call(t.app, "GET", `/callout/${open.slug}/responses/map`);
    expect(feed.statusCode, feed.body).toBe(200);
    const page = mapResponseListSchema.parse(feed.json());
    const verified = (await responsesOf(open.id)).filter((response) => response.bucket === "verified");
    expect(page.total).toBe(verified.length);
    expect(page.items.some((item) => item.photos.length > 0)).toBe(true);
    expect(page.items.every((item) => item.address !== undefined && item.title !== "")).toBe(true);
    const shown = new Set(page.items.flatMap((item) => Object.keys(item.answers.you ?? {})));
    for (const identifying of ["name", "email", "phone", "signature"]) expect(shown.has(identifying)).toBe(false);
    expect(shown.has("mayContact")).toBe(true);
  });

  it("are removed with their answers, files, tags and comments, and the staff's own callouts stay", async () => {
    const db = t.database.db;
    const { open, ended } = await loadedCallouts();
    const sampleIds = [open.id, ended.id];
    const files = await db
      .select()
      .from(uploadedFiles)
      .innerJoin(calloutResponses, eq(calloutResponses.id, uploadedFiles.responseId))
      .where(inArray(calloutResponses.calloutId, sampleIds));
    const [picture] = files;
    // A resized copy is made on request and kept beside the original.
    const { id: pictureId, name: pictureName } = picture!.uploaded_files;
    const resized = await t.app.inject({ method: "GET", url: `/uploads/${pictureId}/${pictureName}?w=200` });
    expect(resized.statusCode).toBe(200);
    const resizedKey = `${picture!.uploaded_files.storageKey}-w200-h0`;
    expect(await t.ctx.storage.size(resizedKey)).not.toBeNull();

    // The staff's own callout with an answer, a tag, a comment and a file.
    const own = await makeCallout(db, t.clock, { access: "anonymous", formSchema: defaultCalloutForm() });
    const ownResponseId = randomUUID();
    const now = t.clock.now();
    await db.insert(calloutResponses).values({
      id: ownResponseId,
      calloutId: own.id,
      number: 1,
      answers: defaultAnswers(),
      createdAt: now,
      updatedAt: now,
    });
    const ownTag = { id: randomUUID(), calloutId: own.id, name: "Follow up", createdAt: now };
    await db.insert(calloutTags).values(ownTag);
    await db.insert(calloutResponseTags).values({ responseId: ownResponseId, tagId: ownTag.id, createdAt: now });
    const author = await makeContact(db, { roles: ["admin"] });
    await db.insert(calloutResponseComments).values({
      id: randomUUID(),
      responseId: ownResponseId,
      contactId: author.id,
      text: "<p>Ours</p>",
      createdAt: now,
      updatedAt: now,
    });
    const ownFile = {
      id: randomUUID(),
      storageKey: `files/${randomUUID()}`,
      contentType: "image/jpeg",
      name: "own.jpg",
    };
    await t.ctx.storage.put(ownFile.storageKey, Buffer.from("own"), ownFile.contentType);
    await db.insert(uploadedFiles).values({ ...ownFile, size: 3, createdAt: now, responseId: ownResponseId });

    const removed = await remove();
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      callouts: 2,
      responses: SAMPLE_OPEN_CALLOUT_RESPONSES + SAMPLE_ENDED_CALLOUT_RESPONSES,
    });

    expect(await db.select().from(callouts).where(inArray(callouts.id, sampleIds))).toEqual([]);
    expect(await db.select().from(sampleCallouts)).toEqual([]);
    expect(await db.select({ id: calloutResponses.id }).from(calloutResponses)).toEqual([{ id: ownResponseId }]);
    expect(await db.select({ id: calloutTags.id }).from(calloutTags)).toEqual([{ id: ownTag.id }]);
    expect(await db.select().from(calloutResponseTags)).toHaveLength(1);
    expect(await db.select().from(calloutResponseComments)).toHaveLength(1);
    expect(await db.select({ id: uploadedFiles.id }).from(uploadedFiles)).toEqual([{ id: ownFile.id }]);
    for (const { uploaded_files: file } of files) expect(await t.ctx.storage.size(file.storageKey)).toBeNull();
    expect(await t.ctx.storage.size(resizedKey)).toBeNull();
    expect(await t.ctx.storage.size(ownFile.storageKey)).toBe(3);
    expect((await call(t.app, "GET", `/callout/${open.slug}`)).statusCode).toBe(404);
    expect((await call(t.app, "GET", `/callout/${own.slug}`)).statusCode).toBe(200);

    const after = await call(t.app, "GET", "/setup/sample-data", { cookie: adminCookie });
    expect(after.json()).toEqual({ contacts: 0, payments: 0, tags: 0, callouts: 0, responses: 0 });
  });

  it("are the same answers every time they are loaded", async () => {
    const summary = async () => {
      const { open } = await loadedCallouts();
      return (await responsesOf(open.id))
        .sort((a, b) => a.number - b.number)
        .map((response) => [
          response.number,
          response.bucket,
          formAnswer(response.answers, "story", "headline"),
          formAnswer(response.answers, "story", "location"),
        ]);
    };
    expect((await load()).statusCode).toBe(200);
    const first = await summary();
    expect((await remove()).statusCode).toBe(200);
    expect((await load()).statusCode).toBe(200);
    expect(await summary()).toEqual(first);
    expect((await remove()).statusCode).toBe(200);
  });
});

import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormSchemaInput } from "@cohort/common/callouts";
import { calloutReviewers, callouts, uploadedFiles } from "../src/db/schema/index.js";
import { loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";
import { pngImage, uploadFile } from "./helpers/upload-client.js";

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cohort-private-files-"));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A public photo, and a document kept for admins inside a panel. */
function formWithPrivateFile(): FormSchemaInput {
  return {
    slides: [
      {
        id: "story",
        title: "Your story",
        navigation: { nextSlideId: null },
        components: [
          { id: "c-photo", key: "photo", type: "file", label: "A photo for the map", input: true },
          {
            id: "c-panel",
            key: "extra",
            type: "panel",
            input: false,
            components: [
              {
                id: "c-proof",
                key: "proof",
                type: "file",
                label: "Proof, for the newsroom only",
                input: true,
                adminOnly: true,
              },
            ],
          },
        ],
      },
    ],
  };
}

const fileAnswer = (url: string) => [{ url, name: path.basename(url), size: 100 }];

/** GETs a file as someone (a session cookie) or as a visitor. */
const fetchFile = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

interface Scenario {
  calloutId: string;
  respondentCookie: string;
  photoUrl: string;
  proofUrl: string;
}

/** A member answers with a public photo and a private proof. */
async function answeredCallout(): Promise<Scenario> {
  const callout = await makeCallout(t.database.db, t.clock, { formSchema: formWithPrivateFile(), allowMultiple: true });
  const respondent = await makeContact(t.database.db, { roles: ["member"] });
  const respondentCookie = await loginAs(t.app, respondent);
  const photoUrl = await uploadFile(t.app, await pngImage(), "photo.png");
  const proofUrl = await uploadFile(t.app, await pngImage(), "proof.png");
  const answered = await respond(
    t.app,
    callout.id,
    { answers: { story: { photo: fileAnswer(photoUrl), proof: fileAnswer(proofUrl) } } },
    { cookie: respondentCookie },
  );
  expect(answered.statusCode, answered.body).toBe(200);
  return { calloutId: callout.id, respondentCookie, photoUrl, proofUrl };
}

describe("files in answers kept from the public", () => {
  it("are refused to visitors and to members who did not answer, also resized", async () => {
    const { proofUrl } = await answeredCallout();
    const stranger = await loginAs(t.app, await makeContact(t.database.db, { roles: ["member"] }));
    for (const url of [proofUrl, `${proofUrl}?w=100`]) {
      const asVisitor = await fetchFile(url);
      expect(asVisitor.statusCode).toBe(404);
      expect(asVisitor.json()).toMatchObject({ code: "not-found" });
      expect((await fetchFile(url, stranger)).statusCode).toBe(404);
    }
  });

  it("are served to the respondent, admins and the callout's reviewers, never to shared caches", async () => {
    const { calloutId, respondentCookie, proofUrl } = await answeredCallout();
    const admin = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
    const reviewer = await makeContact(t.database.db, { roles: ["member"] });
    await t.database.db
      .insert(calloutReviewers)
      .values({ id: randomUUID(), calloutId, contactId: reviewer.id, createdAt: t.clock.now() });
    const reviewerCookie = await loginAs(t.app, reviewer);
    for (const cookie of [respondentCookie, admin, reviewerCookie]) {
      const served = await fetchFile(proofUrl, cookie);
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/png");
      expect(served.headers["cache-control"]).toBe("private, no-store");
      expect((await fetchFile(`${proofUrl}?w=100`, cookie)).statusCode).toBe(200);
    }
  });

  it("are refused to reviewers of another callout", async () => {
    const { proofUrl } = await answeredCallout();
    const elsewhere = await makeCallout(t.database.db, t.clock);
    const reviewer = await makeContact(t.database.db, { roles: ["member"] });
    await t.database.db
      .insert(calloutReviewers)
      .values({ id: randomUUID(), calloutId: elsewhere.id, contactId: reviewer.id, createdAt: t.clock.now() });
    expect((await fetchFile(proofUrl, await loginAs(t.app, reviewer))).statusCode).toBe(404);
  });

  it("stay private when someone else puts their address in a public answer", async () => {
    const { calloutId, proofUrl } = await answeredCallout();
    const copier = await loginAs(t.app, await makeContact(t.database.db, { roles: ["member"] }));
    const copied = await respond(
      t.app,
      calloutId,
      { answers: { story: { photo: fileAnswer(proofUrl) } } },
      { cookie: copier },
    );
    expect(copied.statusCode, copied.body).toBe(200);
    expect((await fetchFile(proofUrl)).statusCode).toBe(404);
    expect((await fetchFile(proofUrl, copier)).statusCode).toBe(404);
  });

  it("follow the form: marking a component private later hides its files at once", async () => {
    const { calloutId, photoUrl } = await answeredCallout();
    expect((await fetchFile(photoUrl)).statusCode).toBe(200);
    const form = formWithPrivateFile();
    const photo = form.slides[0]!.components[0]!;
    photo.adminOnly = true;
    await t.database.db.update(callouts).set({ formSchema: form }).where(eq(callouts.id, calloutId));
    expect((await fetchFile(photoUrl)).statusCode).toBe(404);
  });

  it("follow the one privacy rule: a file marked personal is private until shown publicly", async () => {
    const { calloutId, photoUrl, respondentCookie } = await answeredCallout();
    const form = formWithPrivateFile();
    const photo = form.slides[0]!.components[0]!;
    photo.personal = true;
    await t.database.db.update(callouts).set({ formSchema: form }).where(eq(callouts.id, calloutId));
    expect((await fetchFile(photoUrl)).statusCode).toBe(404);
    expect((await fetchFile(photoUrl, respondentCookie)).statusCode).toBe(200);
    photo.showPublicly = true;
    await t.database.db.update(callouts).set({ formSchema: form }).where(eq(callouts.id, calloutId));
    expect((await fetchFile(photoUrl)).statusCode).toBe(200);
  });
});

describe("files in public answers and files in no answer", () => {
  it("stay public, with shared caching", async () => {
    const { photoUrl } = await answeredCallout();
    const photo = await fetchFile(photoUrl);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["cache-control"]).toBe("public, max-age=86400");
    const loose = await uploadFile(t.app, await pngImage(), "cover.png");
    const served = await fetchFile(loose);
    expect(served.statusCode).toBe(200);
    expect(served.headers["cache-control"]).toBe("public, max-age=600");
  });

  it("are linked to the response that first named them, absolute addresses included", async () => {
    const other = await createTestApp({ DATA_DIR: dataDir, APP_URL: "https://members.example.org" });
    try {
      const callout = await makeCallout(other.database.db, other.clock, {
        formSchema: formWithPrivateFile(),
        access: "anonymous",
      });
      const proofUrl = await uploadFile(other.app, await pngImage(), "proof.png");
      expect(proofUrl).toMatch(/^https:\/\/members\.example\.org\/uploads\//);
      const answered = await respond(other.app, callout.id, { answers: { story: { proof: fileAnswer(proofUrl) } } });
      expect(answered.statusCode, answered.body).toBe(200);
      const fileId = proofUrl.split("/")[4] ?? "";
      const [row] = await other.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, fileId));
      expect(row).toMatchObject({ responseId: answered.json().id, answerSlideId: "story", answerKey: "proof" });
      const local = new URL(proofUrl).pathname;
      expect((await other.app.inject({ method: "GET", url: local })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

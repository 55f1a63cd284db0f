import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API_PREFIX, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";
import type { BasemapUpload, MapSettings } from "@cohort/common/geocoding";
import { makeTestBasemap } from "@cohort/stand-ins/basemap";
import { startS3StandIn, type S3StandIn } from "@cohort/stand-ins/s3";
import { S3StorageProvider } from "../src/providers/storage/s3.js";
import { loginAs } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

/*
 * A PMTiles file uploaded from Settings → Maps in parts (decision 057): parts appended in
 * order, a resumed upload, the header check, the size limit, removal, and a file of 50 MB that
 * goes to disk as it arrives and into storage as a stream.
 */
const MAX_BYTES = 60 * 1024 * 1024;
const basemap = makeTestBasemap({ maxZoom: 3 });

let t: TestApp;
let dataDir: string;
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "cohort-map-upload-"));
  t = await createTestApp({ DATA_DIR: dataDir, MAP_UPLOAD_MAX_BYTES: String(MAX_BYTES) });
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
  memberCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["member"] }));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const asAdmin = (method: "GET" | "PATCH" | "POST" | "DELETE", url: string, body?: unknown) =>
  call(t.app, method, url, { cookie: adminCookie, body });

async function start(name: string, size: number): Promise<BasemapUpload> {
  const started = await asAdmin("POST", "/map/basemap/uploads", { name, size });
  expect(started.statusCode, started.body).toBe(201);
  return started.json<BasemapUpload>();
}

/** One `PUT` of bytes `start`… of a file of `total` bytes; `range` may claim more than the body has. */
function putPart(
  id: string,
  body: Buffer | Readable,
  start: number,
  total: number,
  range = `bytes ${start}-${start + (Buffer.isBuffer(body) ? body.length : 0) - 1}/${total}`,
) {
  return t.app.inject({
    method: "PUT",
    url: `${API_PREFIX}/map/basemap/uploads/${id}`,
    headers: {
      cookie: adminCookie,
      [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
      "content-type": "application/octet-stream",
      "content-range": range,
    },
    payload: body,
  });
}

const settings = async () => (await asAdmin("GET", "/map/settings")).json<MapSettings>();

async function basemapBytes(): Promise<Buffer> {
  const response = await t.app.inject({ method: "GET", url: `${API_PREFIX}/map/basemap.pmtiles` });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe("uploading a PMTiles file", () => {
  it("is for admins only", async () => {
    for (const cookie of [undefined, memberCookie]) {
      const options = { cookie, body: { name: "x.pmtiles", size: 1000 } };
      expect((await call(t.app, "POST", "/map/basemap/uploads", options)).statusCode).toBe(403);
      expect((await call(t.app, "DELETE", "/map/basemap", { cookie })).statusCode).toBe(403);
    }
    const upload = await start("region.pmtiles", basemap.length);
    const asMember = await t.app.inject({
      method: "PUT",
      url: `${API_PREFIX}/map/basemap/uploads/${upload.id}`,
      headers: {
        cookie: memberCookie,
        [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
        "content-type": "application/octet-stream",
        "content-range": `bytes 0-9/${basemap.length}`,
      },
      payload: basemap.subarray(0, 10),
    });
    expect(asMember.statusCode).toBe(403);
    expect((await call(t.app, "GET", `/map/basemap/uploads/${upload.id}`, { cookie: memberCookie })).statusCode).toBe(
      403,
    );
  });

  it("takes the file in parts in order, and the basemap choice then draws it", async () => {
    const upload = await start("berlin.pmtiles", basemap.length);
    expect(upload.received).toBe(0);
    const third = Math.ceil(basemap.length / 3);
    let answer: BasemapUpload | undefined;
    for (let offset = 0; offset < basemap.length; offset += third) {
      const part = await putPart(upload.id, basemap.subarray(offset, offset + third), offset, basemap.length);
      expect(part.statusCode, part.body).toBe(200);
      answer = part.json<BasemapUpload>();
      expect(answer.received).toBe(Math.min(offset + third, basemap.length));
    }
    expect(answer?.file).toMatchObject({ name: "berlin.pmtiles", size: basemap.length });
    expect(answer?.file?.uploadedAt).toBe(t.clock.now().toISOString());
    // The finished upload is gone from the disk.
    expect((await asAdmin("GET", `/map/basemap/uploads/${upload.id}`)).statusCode).toBe(404);

    const before = await settings();
    expect(before.pmtilesFile).toEqual(answer?.file);
    expect(before.pmtilesSize).toBe(basemap.length);
    expect(before.uploadMaxBytes).toBe(MAX_BYTES);
    const chosen = await asAdmin("PATCH", "/map/settings", { basemap: "pmtiles" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<MapSettings>().basemapAvailable).toBe(true);
    expect((await basemapBytes()).equals(basemap)).toBe(true);
    // The addresses name the upload, so a browser never mixes ranges of a replaced file with the new one.
    const config = (await call(t.app, "GET", "/map/config")).json<{ basemap: { styleUrl: string } }>();
    expect(config.basemap.styleUrl).toMatch(new RegExp(`/map/style\\.json\\?v=${upload.id}$`));
    const style = await t.app.inject({
      method: "GET",
      url: new URL(config.basemap.styleUrl).pathname + `?v=${upload.id}`,
    });
    expect(style.body).toContain(`/map/basemap.pmtiles?v=${upload.id}`);
    const part = await t.app.inject({
      method: "GET",
      url: `${API_PREFIX}/map/basemap.pmtiles`,
      headers: { range: "bytes=0-6" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe("PMTiles");
  });

  it("goes on after a dropped connection from where the server says it is", async () => {
    const file = Buffer.concat([basemap, Buffer.alloc(3000, 7)]);
    const upload = await start("resumed.pmtiles", file.length);
    const size = 1000;
    expect((await putPart(upload.id, file.subarray(0, size), 0, file.length)).statusCode).toBe(200);
    // The second part is lost; the third does not fit and is refused with the code the page looks for.
    const skipped = await putPart(upload.id, file.subarray(2 * size, 3 * size), 2 * size, file.length);
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json()).toMatchObject({ code: "upload-offset-mismatch", httpCode: 409 });
    // A part the server has already (its answer was lost) changes nothing.
    const again = await putPart(upload.id, file.subarray(0, size), 0, file.length);
    expect(again.json<BasemapUpload>().received).toBe(size);
    // A part cut short by the connection keeps what arrived…
    const cut = await putPart(
      upload.id,
      file.subarray(size, size + 400),
      size,
      file.length,
      `bytes ${size}-${2 * size - 1}/${file.length}`,
    );
    expect(cut.statusCode).toBe(200);
    const status = await asAdmin("GET", `/map/basemap/uploads/${upload.id}`);
    expect(status.json<BasemapUpload>()).toMatchObject({ received: size + 400, size: file.length, file: null });
    // …and the page sends the rest from there.
    const rest = await putPart(upload.id, file.subarray(size + 400), size + 400, file.length);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json<BasemapUpload>().file).toMatchObject({ name: "resumed.pmtiles", size: file.length });
    expect((await basemapBytes()).equals(file)).toBe(true);
  });

  it("refuses a file that is not PMTiles version 3 with its code, as soon as its first bytes arrive", async () => {
    const notPmtiles = Buffer.concat([Buffer.from("<!doctype html>"), Buffer.alloc(2000, 32)]);
    const upload = await start("page.pmtiles", 1_000_000);
    const refused = await putPart(upload.id, notPmtiles, 0, 1_000_000);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "map-file-invalid", httpCode: 400 });
    expect((await asAdmin("GET", `/map/basemap/uploads/${upload.id}`)).statusCode).toBe(404);

    const version2 = Buffer.from(basemap);
    version2[7] = 2;
    const old = await start("old.pmtiles", version2.length);
    const refusedOld = await putPart(old.id, version2, 0, version2.length);
    expect(refusedOld.json()).toMatchObject({ code: "map-file-invalid" });
    expect(refusedOld.json<{ message: string }>().message).toContain("version 2");
    // The basemap is still the file uploaded before.
    expect((await settings()).pmtilesFile?.name).toBe("resumed.pmtiles");
  });

  it("refuses a file larger than MAP_UPLOAD_MAX_BYTES, and a part past the size it announced", async () => {
    const refused = await asAdmin("POST", "/map/basemap/uploads", { name: "planet.pmtiles", size: MAX_BYTES + 1 });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: "map-file-too-large", httpCode: 413 });

    const upload = await start("small.pmtiles", 500);
    const beyond = await putPart(upload.id, basemap.subarray(0, 100), 0, MAX_BYTES + 1);
    expect(beyond.json()).toMatchObject({ code: "map-file-too-large" });
    const longer = await putPart(upload.id, basemap.subarray(0, 300), 0, 500, "bytes 0-199/500");
    expect(longer.json()).toMatchObject({ code: "invalid-request", httpCode: 400 });
    expect((await asAdmin("GET", `/map/basemap/uploads/${upload.id}`)).json<BasemapUpload>().received).toBe(0);
    const nameTooLong = await asAdmin("POST", "/map/basemap/uploads", { name: "x".repeat(201), size: 500 });
    expect(nameTooLong.statusCode).toBe(400);
    const json = await call(t.app, "PUT", `/map/basemap/uploads/${upload.id}`, {
      cookie: adminCookie,
      body: { bytes: "PMTiles" },
    });
    expect(json.statusCode).toBe(415);
  });

  it("writes each part to disk as it arrives and hands storage a stream: a 50 MB file is never in memory", async () => {
    const put = vi.spyOn(t.ctx.storage, "put");
    const putStream = vi.spyOn(t.ctx.storage, "putStream");
    const total = 50 * 1024 * 1024;
    const partSize = 8 * 1024 * 1024;
    const piece = Buffer.alloc(1024 * 1024, 0x5a);
    const head = Buffer.concat([basemap.subarray(0, 127), piece.subarray(127)]);
    const hash = createHash("sha256");
    const upload = await start("large.pmtiles", total);
    let answer: BasemapUpload | undefined;
    for (let offset = 0; offset < total; offset += partSize) {
      const length = Math.min(partSize, total - offset);
      const body = new Readable({ read() {} });
      const sent = putPart(upload.id, body, offset, total, `bytes ${offset}-${offset + length - 1}/${total}`);
      for (let at = 0; at < length; at += piece.length) {
        const bytes = offset + at === 0 ? head : piece;
        hash.update(bytes);
        body.push(bytes);
        if (at === 0) {
          // The server has the first megabyte on disk before the rest of the part is sent; a busy
          // machine may take longer than waitFor's default second to write it.
          await vi.waitFor(async () => {
            const status = await asAdmin("GET", `/map/basemap/uploads/${upload.id}`);
            expect(status.json<BasemapUpload>().received).toBe(offset + piece.length);
          }, 15_000);
        }
      }
      body.push(null);
      const response = await sent;
      expect(response.statusCode, response.body).toBe(200);
      answer = response.json<BasemapUpload>();
    }
    expect(answer?.file?.size).toBe(total);
    expect(put).not.toHaveBeenCalled();
    expect(putStream).toHaveBeenCalledTimes(1);
    expect(putStream.mock.calls[0]?.[1]).toBeInstanceOf(Readable);
    const stored = createHash("sha256")
      .update(await basemapBytes())
      .digest("hex");
    expect(stored).toBe(hash.digest("hex"));
    put.mockRestore();
    putStream.mockRestore();
  });

  it("replaces the file, and removes it only when the basemap is something else", async () => {
    const inUse = await asAdmin("DELETE", "/map/basemap");
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: "map-file-in-use", httpCode: 409 });
    expect((await asAdmin("PATCH", "/map/settings", { basemap: "openfreemap" })).statusCode).toBe(200);
    expect((await asAdmin("DELETE", "/map/basemap")).statusCode).toBe(204);
    const after = await settings();
    expect(after.pmtilesFile).toBeNull();
    expect(after.pmtilesSize).toBeNull();
    const refused = await asAdmin("PATCH", "/map/settings", { basemap: "pmtiles" });
    expect(refused.statusCode).toBe(400);
    expect((await asAdmin("DELETE", "/map/basemap")).statusCode).toBe(404);
  });
});

describe("removing a saved key", () => {
  it("is refused while a choice uses it, and done once none does", async () => {
    const saved = await asAdmin("PATCH", "/map/settings", { maptilerKey: "abc123", geocoder: "maptiler" });
    expect(saved.statusCode, saved.body).toBe(200);
    const inUse = await asAdmin("PATCH", "/map/settings", { maptilerKey: "" });
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json()).toMatchObject({ code: "invalid-request", errors: [{ property: "maptilerKey" }] });
    expect(inUse.body).toContain("adminValidation.mapKeyInUse");
    expect((await settings()).maptilerKeySet).toBe(true);
    expect((await asAdmin("PATCH", "/map/settings", { geocoder: "photon-public" })).statusCode).toBe(200);
    const removed = await asAdmin("PATCH", "/map/settings", { maptilerKey: "" });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<MapSettings>().maptilerKeySet).toBe(false);
  });
});

describe("a stream into S3-compatible storage", () => {
  let s3: S3StandIn;
  let storage: S3StorageProvider;
  beforeAll(async () => {
    s3 = await startS3StandIn();
    storage = new S3StorageProvider(
      {
        bucket: s3.bucket,
        region: "us-east-1",
        endpoint: s3.endpoint,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: true,
      },
      5 * 1024 * 1024,
    );
  });
  afterAll(async () => {
    await storage.destroy();
    await s3.close();
  });

  function* pieces(count: number, fail = false): Generator<Buffer> {
    for (let index = 0; index < count; index++) {
      if (fail && index === count - 1) throw new Error("the disk went away");
      yield Buffer.alloc(1024 * 1024, index);
    }
  }

  it("is a multipart upload, one part at a time", async () => {
    await storage.putStream("maps/big.pmtiles", Readable.from(pieces(12)), "application/vnd.pmtiles");
    expect(s3.requests.filter((request) => request.includes("maps/big.pmtiles"))).toEqual([
      "POST /cohort-test/maps/big.pmtiles?uploads",
      "PUT /cohort-test/maps/big.pmtiles?partNumber=1",
      "PUT /cohort-test/maps/big.pmtiles?partNumber=2",
      "PUT /cohort-test/maps/big.pmtiles?partNumber=3",
      "POST /cohort-test/maps/big.pmtiles?uploadId",
    ]);
    const object = s3.objects.get("maps/big.pmtiles");
    expect(object?.contentType).toBe("application/vnd.pmtiles");
    expect(object?.body.equals(Buffer.concat([...pieces(12)]))).toBe(true);
    expect(await storage.size("maps/big.pmtiles")).toBe(12 * 1024 * 1024);
  });

  it("aborts the upload when the stream fails, leaving nothing behind", async () => {
    await expect(
      storage.putStream("maps/broken.pmtiles", Readable.from(pieces(8, true)), "application/vnd.pmtiles"),
    ).rejects.toThrow("the disk went away");
    expect(s3.requests).toContain("DELETE /cohort-test/maps/broken.pmtiles?uploadId");
    expect(s3.multipartUploads.size).toBe(0);
    expect(s3.objects.has("maps/broken.pmtiles")).toBe(false);
  });
});

import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_PIXELS, IMAGE_SIZES } from "@cohort/common/callouts";
import { uploadedFiles } from "../src/db/schema/index.js";
import { MAX_CONCURRENT_RESIZES, resizeLimiter } from "../src/modules/uploads/resize.js";
import { createTestApp, type TestApp } from "./helpers/test-app.js";
import { pngImage, sendUpload, uploadFile } from "./helpers/upload-client.js";

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cohort-image-sizes-"));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const fileIdOf = (url: string) => url.split("/")[2] ?? "";

/** The resized copies kept in storage for one file. */
async function storedCopies(url: string): Promise<string[]> {
  const id = fileIdOf(url);
  const entries = await readdir(path.join(dataDir, "uploads", "files"));
  return entries.filter((entry) => entry.startsWith(`${id}-`)).sort();
}

async function widthOf(
  url: string,
): Promise<{ status: number; width: number | undefined; height: number | undefined }> {
  const response = await t.app.inject({ method: "GET", url });
  if (response.statusCode !== 200) return { status: response.statusCode, width: undefined, height: undefined };
  const { width, height } = await sharp(response.rawPayload).metadata();
  return { status: 200, width, height };
}

describe("resized copies", () => {
  it("come in the fixed sizes: a requested bound is raised to the next one", async () => {
    const url = await uploadFile(t.app, await pngImage(3000, 2000));
    expect(await widthOf(`${url}?w=150`)).toEqual({ status: 200, width: 200, height: 133 });
    expect(await widthOf(`${url}?w=101`)).toEqual({ status: 200, width: 200, height: 133 });
    expect(await widthOf(`${url}?h=450`)).toEqual({ status: 200, width: 900, height: 600 });
    expect(await widthOf(`${url}?w=720&h=450`)).toEqual({ status: 200, width: 800, height: 533 });
    expect(await widthOf(`${url}?w=99999`)).toEqual({ status: 200, width: 2400, height: 1600 });
    expect(await storedCopies(url)).toEqual(
      [`-w200-h0`, `-w0-h600`, `-w800-h800`, `-w2400-h0`].map((suffix) => `${fileIdOf(url)}${suffix}`).sort(),
    );
  });

  it("are not made and kept anew for every size someone asks for", async () => {
    const url = await uploadFile(t.app, await pngImage(600, 400));
    for (let i = 1; i <= 40; i++) {
      const response = await t.app.inject({ method: "GET", url: `${url}?w=${i * 37}&h=${(i * 53) % 3000 || 1}` });
      expect(response.statusCode).toBe(200);
    }
    for (let w = 1; w <= 3000; w += 97) {
      expect((await t.app.inject({ method: "GET", url: `${url}?w=${w}` })).statusCode).toBe(200);
    }
    const copies = await storedCopies(url);
    // One square copy and one width-only copy per size at most.
    expect(copies.length).toBeLessThanOrEqual(2 * IMAGE_SIZES.length);
  });

  it("are made at most two at a time, and once when the same copy is asked for at once", async () => {
    const url = await uploadFile(t.app, await pngImage(2000, 1500));
    resizeLimiter.peak = 0;
    const sizes = [...IMAGE_SIZES, ...IMAGE_SIZES];
    const responses = await Promise.all(sizes.map((size) => t.app.inject({ method: "GET", url: `${url}?w=${size}` })));
    expect(responses.map((response) => response.statusCode)).toEqual(sizes.map(() => 200));
    expect(resizeLimiter.peak).toBe(MAX_CONCURRENT_RESIZES);
    expect(resizeLimiter.pending).toBe(0);
    expect(await storedCopies(url)).toHaveLength(IMAGE_SIZES.length);
    for (const size of IMAGE_SIZES) {
      const [first, second] = responses.filter((_, index) => sizes[index] === size);
      expect(first!.rawPayload.equals(second!.rawPayload)).toBe(true);
    }
  });
});

describe("very large pictures", () => {
  it("are refused on upload with image-too-large", async () => {
    const side = Math.ceil(Math.sqrt(IMAGE_MAX_PIXELS)) + 1;
    const huge = await sharp({ create: { width: side, height: side, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const before = await t.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles);
    const refused = await sendUpload(t.app, huge, "huge.png");
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: "image-too-large", httpCode: 413 });
    const after = await t.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles);
    expect(after).toHaveLength(before.length);
  });

  it("stored before the limit are served as they are, never decoded", async () => {
    const huge = await sharp({ create: { width: 9000, height: 6000, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const id = randomUUID();
    await t.ctx.storage.put(`files/${id}`, huge, "image/png");
    await t.database.db.insert(uploadedFiles).values({
      id,
      storageKey: `files/${id}`,
      contentType: "image/png",
      name: "old.png",
      size: huge.length,
      createdAt: t.clock.now(),
    });
    const url = `/uploads/${id}/old.png`;
    const started = Date.now();
    expect(await widthOf(`${url}?w=100`)).toEqual({ status: 200, width: 9000, height: 6000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await storedCopies(url)).toEqual([]);
  });
});

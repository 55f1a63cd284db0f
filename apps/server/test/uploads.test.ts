import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";
import { uploadFlows } from "../src/db/schema/index.js";
import { LocalStorageProvider } from "../src/providers/storage/local.js";
import { S3StorageProvider } from "../src/providers/storage/s3.js";
import { makeContact, PASSWORD } from "./helpers/factories.js";
import { startS3StandIn, type S3StandIn } from "@cohort/stand-ins/s3";
import { call, createTestApp, sessionCookie, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let dataDir: string;
let webDir: string;
let s3: S3StandIn;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "cohort-uploads-"));
  // A built web app is present, so the client-side-routing fallback is live and must not take these routes.
  webDir = await mkdtemp(path.join(tmpdir(), "cohort-web-"));
  await writeFile(path.join(webDir, "index.html"), "<!doctype html><title>Cohort</title>");
  t = await createTestApp({ DATA_DIR: dataDir, WEB_DIST_DIR: webDir });
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await t.close();
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(webDir, { recursive: true, force: true });
});

let addressCounter = 0;
/** Each test uploads from its own address so the per-address limits don't leak between tests. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

async function startFlow(app = t.app, remoteAddress = freshAddress(), cookie?: string): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/1.0/upload",
    remoteAddress,
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE, ...(cookie ? { cookie } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

interface Part {
  field?: string;
  name?: string;
  type?: string;
  bytes: Buffer;
}

function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = "----cohort-test-boundary";
  const pieces = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? "file"}"; filename="${part.name ?? "photo.png"}"\r\n` +
        `Content-Type: ${part.type ?? "application/octet-stream"}\r\n\r\n`,
    ),
    part.bytes,
    Buffer.from("\r\n"),
  ]);
  return {
    body: Buffer.concat([...pieces, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function postFile(token: string, parts: Part[], app = t.app, url = `/upload/?token=${token}`) {
  const { body, contentType } = multipart(parts);
  return app.inject({
    method: "POST",
    url,
    headers: { "content-type": contentType, [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    payload: body,
  });
}

async function upload(part: Part, app = t.app): Promise<string> {
  const response = await postFile(await startFlow(app), [part], app);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().url;
}

const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

describe("upload flows", () => {
  it("records the caller's address, and the contact when logged in", async () => {
    const anonymousId = await startFlow(t.app, "192.0.2.10");
    const member = await makeContact(t.database.db, { roles: ["member"] });
    const login = await call(t.app, "POST", "/auth/login", { body: { email: member.email, password: PASSWORD } });
    const memberId = await startFlow(t.app, "192.0.2.11", sessionCookie(login));
    const rows = await t.database.db.select().from(uploadFlows);
    expect(rows.find((row) => row.id === anonymousId)).toMatchObject({ ipAddress: "192.0.2.10", contactId: null });
    expect(rows.find((row) => row.id === memberId)).toMatchObject({ ipAddress: "192.0.2.11", contactId: member.id });
  });

  it("refuses the eleventh flow from one address within a minute", async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) await startFlow(t.app, address);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/1.0/upload",
      remoteAddress: address,
      headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", message: "Too many upload requests" });
    await startFlow(t.app, freshAddress());
  });

  it("lets anonymous callers start twenty flows an hour", async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i++) {
      if (i % 10 === 0) t.clock.advance(61_000);
      await startFlow(t.app, address);
    }
    t.clock.advance(61_000);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/1.0/upload",
      remoteAddress: address,
      headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    });
    expect(refused.json().code).toBe("RATE_LIMIT_EXCEEDED");
  });
});

describe("uploading a file", () => {
  it("stores the bytes under their sniffed type, whatever the client claimed", async () => {
    const bytes = await png();
    const url = await upload({ name: "Portrait of Zoë.png", type: "text/plain", bytes });
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\/Portrait-of-Zoe\.png$/);
    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe("public, max-age=600");
    expect(served.headers["content-disposition"]).toBe('inline; filename="Portrait-of-Zoe.png"');
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
  });

  it("accepts the upload address without the trailing slash", async () => {
    const token = await startFlow();
    const response = await postFile(token, [{ bytes: await png() }], t.app, `/upload?token=${token}`);
    expect(response.statusCode).toBe(200);
  });

  it("offers documents for download", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const url = await upload({ name: "minutes.pdf", bytes: pdf });
    const served = await t.app.inject({ method: "GET", url });
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-disposition"]).toBe('attachment; filename="minutes.pdf"');
  });

  it("refuses executables and unknown kinds of file", async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    const windows = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]);
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    for (const bytes of [elf, windows, html]) {
      const response = await postFile(await startFlow(), [{ name: "photo.png", type: "image/png", bytes }]);
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe("unsupported-media-type");
    }
  });

  it("refuses a file over 20 MB", async () => {
    const response = await postFile(await startFlow(), [{ bytes: Buffer.alloc(21 * 1024 * 1024) }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: "FILE_TOO_LARGE",
      message: "Upload failed: the file size must be under 20Mb",
    });
  });

  it("neutralises path tricks in names", async () => {
    const bytes = await png(10, 10);
    for (const name of ["../../etc/passwd.png", "..\\..\\boot.ini", "....png", "/dev/null"]) {
      const url = await upload({ name, bytes });
      expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+\.png$/);
    }
    expect((await readdir(path.join(dataDir, "uploads"))).every((entry) => entry === "files")).toBe(true);
    const sneaky = await t.app.inject({ method: "GET", url: "/uploads/..%2F..%2Fetc/passwd" });
    expect(sneaky.statusCode).toBe(404);
  });

  it("expects one part, a file called 'file', sent as multipart", async () => {
    const bytes = await png(10, 10);
    const wrongField = await postFile(await startFlow(), [{ field: "picture", bytes }]);
    expect(wrongField.statusCode).toBe(400);
    const twoFiles = await postFile(await startFlow(), [{ bytes }, { bytes }]);
    expect(twoFiles.statusCode).toBe(400);
    const token = await startFlow();
    const json = await t.app.inject({
      method: "POST",
      url: `/upload/?token=${token}`,
      headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(415);
  });

  it("keeps the requested-with rule for writes", async () => {
    const { body, contentType } = multipart([{ bytes: await png(10, 10) }]);
    const token = await startFlow();
    const response = await t.app.inject({
      method: "POST",
      url: `/upload/?token=${token}`,
      headers: { "content-type": contentType },
      payload: body,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("upload tokens", () => {
  it("work once", async () => {
    const token = await startFlow();
    expect((await postFile(token, [{ bytes: await png(10, 10) }])).statusCode).toBe(200);
    const again = await postFile(token, [{ bytes: await png(10, 10) }]);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("invalid-token");
  });

  it("expire after a minute", async () => {
    const token = await startFlow();
    t.clock.advance(61_000);
    const response = await postFile(token, [{ bytes: await png(10, 10) }]);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("invalid-token");
  });

  it("must be present and real", async () => {
    const bytes = await png(10, 10);
    const missing = await postFile("", [{ bytes }], t.app, "/upload/");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("missing-token");
    for (const token of ["nonsense", "00000000-0000-4000-8000-000000000000"]) {
      const response = await postFile(token, [{ bytes }]);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("invalid-token");
    }
  });
});

describe("serving files", () => {
  it("resizes images inside the requested bounds raised to the fixed sizes, once", async () => {
    const url = await upload({ bytes: await png(400, 300) });
    const cases = [
      { query: "w=100", width: 100, height: 75 },
      { query: "h=60", width: 133, height: 100 },
      { query: "w=100&h=50", width: 100, height: 75 },
      { query: "w=2000&h=2000", width: 400, height: 300 },
    ];
    for (const { query, width, height } of cases) {
      const response = await t.app.inject({ method: "GET", url: `${url}?${query}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/png");
      const metadata = await sharp(response.rawPayload).metadata();
      expect({ query, width: metadata.width, height: metadata.height, format: metadata.format }).toEqual({
        query,
        width,
        height,
        format: "png",
      });
    }
    const fileId = url.split("/")[2] ?? "";
    const stored = await readdir(path.join(dataDir, "uploads", "files"));
    expect(stored.filter((entry) => entry.startsWith(fileId))).toHaveLength(1 + cases.length);
    const again = await t.app.inject({ method: "GET", url: `${url}?w=100` });
    expect((await sharp(again.rawPayload).metadata()).width).toBe(100);
  });

  it("turns AVIF into WebP when resizing", async () => {
    const avif = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#336699" } })
      .avif()
      .toBuffer();
    const url = await upload({ name: "cover.avif", bytes: avif });
    const original = await t.app.inject({ method: "GET", url });
    expect(original.headers["content-type"]).toBe("image/avif");
    const resized = await t.app.inject({ method: "GET", url: `${url}?w=100` });
    expect(resized.headers["content-type"]).toBe("image/webp");
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ format: "webp", width: 100, height: 100 });
  });

  it("checks the bounds", async () => {
    const url = await upload({ bytes: await png(10, 10) });
    for (const query of ["w=0", "h=100001", "w=abc", "w=1.5"]) {
      expect((await t.app.inject({ method: "GET", url: `${url}?${query}` })).statusCode).toBe(400);
    }
  });

  it("answers 404 for unknown files and wrong names", async () => {
    const url = await upload({ name: "right.png", bytes: await png(10, 10) });
    const wrongName = await t.app.inject({ method: "GET", url: url.replace("right.png", "wrong.png") });
    expect(wrongName.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: "GET", url: "/uploads/00000000-0000-4000-8000-000000000000/x.png" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("builds absolute addresses when the site address is configured", async () => {
    const other = await createTestApp({ DATA_DIR: dataDir, APP_URL: "https://members.example.org/" });
    try {
      const url = await upload({ name: "a.png", bytes: await png(10, 10) }, other.app);
      expect(url).toMatch(/^https:\/\/members\.example\.org\/uploads\/[0-9a-f-]{36}\/a\.png$/);
    } finally {
      await other.close();
    }
  });
});

describe("storage", () => {
  it("keeps local keys inside the uploads folder", async () => {
    const storage = new LocalStorageProvider(path.join(dataDir, "uploads"));
    for (const key of ["../escape", "a/../../b", "/etc/passwd", "a//b", ".hidden", ""]) {
      await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(/unsafe storage key/);
    }
    expect(await storage.get("files/none")).toBeNull();
  });

  it("round-trips through an S3-compatible service", async () => {
    const storage = new S3StorageProvider({
      bucket: s3.bucket,
      region: "eu-west-1",
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
    try {
      const body = Buffer.from("bytes kept elsewhere");
      await storage.put("files/s3-check", body, "application/pdf");
      expect(s3.objects.get("files/s3-check")).toMatchObject({ contentType: "application/pdf" });
      const read = await storage.get("files/s3-check");
      expect(read).toBeInstanceOf(Readable);
      expect(Buffer.concat(await read!.toArray())).toEqual(body);
      await storage.delete("files/s3-check");
      expect(await storage.get("files/s3-check")).toBeNull();
      expect(s3.requests).toContain(`PUT /${s3.bucket}/files/s3-check`);
    } finally {
      await storage.destroy();
    }
  });

  it("serves uploads from S3 when a bucket is configured", async () => {
    const other = await createTestApp({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: "eu-west-1",
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    });
    try {
      const bytes = await png(250, 200);
      const url = await upload({ bytes }, other.app);
      const fileId = url.split("/")[2] ?? "";
      expect(s3.objects.has(`files/${fileId}`)).toBe(true);
      const served = await other.app.inject({ method: "GET", url });
      expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
      const resized = await other.app.inject({ method: "GET", url: `${url}?w=90` });
      expect((await sharp(resized.rawPayload).metadata()).width).toBe(100);
      expect(s3.objects.has(`files/${fileId}-w100-h0`)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe("upload flow rows", () => {
  it("are marked used when their token is spent", async () => {
    const token = await startFlow();
    await postFile(token, [{ bytes: await png(10, 10) }]);
    const [row] = await t.database.db.select().from(uploadFlows).where(eq(uploadFlows.id, token));
    expect(row?.usedAt).toBeInstanceOf(Date);
  });
});

import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readFile, readdir, rm, stat, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { BasemapFile, BasemapUpload, StartBasemapUpload } from "@cohort/common/geocoding";
import type { AppContext } from "../../context.js";
import { AppError, notFound } from "../../http/errors.js";
import { storedMapSettings, storeUploadedBasemap, type StoredBasemapFile } from "./settings.js";

/*
 * A PMTiles file uploaded in Settings → Maps (decision 057): the page sends it in parts of
 * a few MB with `Content-Range`; each part is appended to a file under DATA_DIR, so the
 * server never holds the file in memory, and the size on disk is how much it has (after a
 * dropped connection the page asks and goes on from there). The whole file is checked, then
 * streamed into storage under a new key, and the settings use it.
 */

/** The PMTiles v3 header: 127 bytes starting with the magic "PMTiles" and the version 3. */
const PMTILES_HEADER_BYTES = 127;
const PMTILES_MAGIC = Buffer.from("PMTiles", "latin1");
const PMTILES_VERSION = 3;

/** Why these first bytes are not the start of a PMTiles v3 file, or null when they are. */
export function pmtilesHeaderProblem(head: Buffer, fileSize: number): string | null {
  if (head.length >= PMTILES_MAGIC.length && !head.subarray(0, PMTILES_MAGIC.length).equals(PMTILES_MAGIC)) {
    return "This is not a PMTiles file: it does not start with the PMTiles header.";
  }
  if (head.length > PMTILES_MAGIC.length && head[PMTILES_MAGIC.length] !== PMTILES_VERSION) {
    return `This PMTiles file has version ${head[PMTILES_MAGIC.length]}; only version 3 can be drawn (convert it with \`pmtiles convert\`).`;
  }
  if (fileSize < PMTILES_HEADER_BYTES) return "This file is too short to be a PMTiles file.";
  return null;
}

const invalidFile = (message: string) => new AppError("map-file-invalid", { status: 400, message });
const offsetMismatch = (message: string) => new AppError("upload-offset-mismatch", { status: 409, message });

interface UploadRecord {
  name: string;
  size: number;
}

const uploadsDir = (ctx: AppContext) => path.join(ctx.config.dataDir, "tmp", "basemap-uploads");
const partOf = (ctx: AppContext, id: string) => path.join(uploadsDir(ctx), `${id}.part`);
const recordOf = (ctx: AppContext, id: string) => path.join(uploadsDir(ctx), `${id}.json`);

/** Uploads whose part is being written now, on this server copy: one part at a time each. */
const busy = new Set<string>();

async function readRecord(ctx: AppContext, id: string): Promise<UploadRecord> {
  try {
    return JSON.parse(await readFile(recordOf(ctx, id), "utf8")) as UploadRecord;
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") throw notFound("There is no such upload");
    throw error;
  }
}

async function receivedOf(ctx: AppContext, id: string): Promise<number> {
  return (await stat(partOf(ctx, id))).size;
}

async function discard(ctx: AppContext, id: string): Promise<void> {
  await rm(partOf(ctx, id), { force: true });
  await rm(recordOf(ctx, id), { force: true });
}

const tooLarge = (ctx: AppContext) =>
  new AppError("map-file-too-large", {
    status: 413,
    message: `The file is larger than this server accepts (${ctx.config.mapUploadMaxBytes} bytes, MAP_UPLOAD_MAX_BYTES).`,
  });

/**
 * Starts an upload of a file of `size` bytes. There is one upload at a time: an unfinished
 * one from before is dropped, so abandoned parts never pile up on the disk.
 */
export async function startBasemapUpload(ctx: AppContext, file: StartBasemapUpload): Promise<BasemapUpload> {
  if (file.size > ctx.config.mapUploadMaxBytes) throw tooLarge(ctx);
  const dir = uploadsDir(ctx);
  await mkdir(dir, { recursive: true });
  for (const entry of await readdir(dir)) {
    if (!busy.has(entry.replace(/\.(part|json)$/, ""))) await rm(path.join(dir, entry), { force: true });
  }
  const id = ctx.newId();
  await writeFile(partOf(ctx, id), Buffer.alloc(0));
  await writeFile(recordOf(ctx, id), JSON.stringify({ name: file.name, size: file.size } satisfies UploadRecord));
  return { id, name: file.name, size: file.size, received: 0, file: null };
}

/** How much of an upload the server has. */
export async function basemapUploadStatus(ctx: AppContext, id: string): Promise<BasemapUpload> {
  const record = await readRecord(ctx, id);
  return { id, ...record, received: await receivedOf(ctx, id), file: null };
}

/** `bytes a-b/size` → a, b and size; null when the header says something else. */
export function parseContentRange(header: string | undefined): { start: number; end: number; total: number } | null {
  const match = /^bytes (\d{1,16})-(\d{1,16})\/(\d{1,16})$/.exec((header ?? "").trim());
  if (!match) return null;
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return end >= start && end < total ? { start, end, total } : null;
}

/** Passes at most `limit` bytes and fails on more, so a part cannot grow the file past what it said. */
function atMost(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) {
        done(new AppError("invalid-request", { status: 400, message: "The body is longer than its Content-Range" }));
      } else done(null, chunk);
    },
  });
}

async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(PMTILES_HEADER_BYTES), 0, PMTILES_HEADER_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Appends one part. A part the server has already (sent again after a lost answer) changes
 * nothing; one that does not start where the file ends is refused with
 * `upload-offset-mismatch`, and the page asks how much there is. The first bytes are checked
 * as soon as they arrive, and the last part stores the file.
 */
export async function appendBasemapPart(
  ctx: AppContext,
  id: string,
  contentRange: string | undefined,
  body: Readable,
): Promise<BasemapUpload> {
  const record = await readRecord(ctx, id);
  const range = parseContentRange(contentRange);
  if (!range) {
    throw new AppError("invalid-request", {
      status: 400,
      message: "Content-Range must be `bytes first-last/size`",
    });
  }
  if (range.total !== record.size) {
    if (range.total > ctx.config.mapUploadMaxBytes) throw tooLarge(ctx);
    throw new AppError("invalid-request", { status: 400, message: `This upload is ${record.size} bytes long` });
  }
  if (busy.has(id)) throw offsetMismatch("Another part of this upload is being received.");
  busy.add(id);
  try {
    const file = partOf(ctx, id);
    const received = await receivedOf(ctx, id);
    if (range.end < received) return { id, ...record, received, file: null };
    if (range.start !== received) {
      throw offsetMismatch(`The server has ${received} bytes of this upload; send the part starting there.`);
    }
    try {
      await pipeline(body, atMost(range.end - range.start + 1), createWriteStream(file, { flags: "a" }));
    } catch (error) {
      // A part longer than it said is dropped whole; one cut short keeps what arrived.
      if (error instanceof AppError) {
        await truncate(file, received);
        throw error;
      }
      ctx.log.info({ err: error }, "a part of a basemap upload was cut short");
    }
    const now = await receivedOf(ctx, id);
    const problem = pmtilesHeaderProblem(await headOf(file), record.size);
    if (problem && (now >= PMTILES_HEADER_BYTES || now === record.size)) {
      await discard(ctx, id);
      throw invalidFile(problem);
    }
    if (now < record.size) return { id, ...record, received: now, file: null };
    return { id, ...record, received: now, file: await storeUpload(ctx, id, record) };
  } finally {
    busy.delete(id);
  }
}

/** Streams the finished file into storage under a key of its own, points the settings at it and drops the old one. */
async function storeUpload(ctx: AppContext, id: string, record: UploadRecord): Promise<BasemapFile> {
  const key = `maps/uploaded-${id}.pmtiles`;
  await ctx.storage.putStream(key, createReadStream(partOf(ctx, id)), "application/vnd.pmtiles");
  const stored: StoredBasemapFile = {
    key,
    name: record.name,
    size: record.size,
    uploadedAt: ctx.clock.now().toISOString(),
  };
  const before = (await storedMapSettings(ctx)).pmtilesFile;
  await storeUploadedBasemap(ctx, stored);
  if (before && before.key !== key) await ctx.storage.delete(before.key);
  await discard(ctx, id);
  return { name: stored.name, size: stored.size, uploadedAt: stored.uploadedAt };
}

/** Removes the uploaded file; refused while the basemap is the PMTiles file. */
export async function removeUploadedBasemap(ctx: AppContext): Promise<void> {
  const settings = await storedMapSettings(ctx);
  const file = settings.pmtilesFile;
  if (!file) throw notFound("No PMTiles file was uploaded");
  if (settings.basemap === "pmtiles") {
    throw new AppError("map-file-in-use", {
      status: 409,
      message: "The maps draw this file: choose another basemap and save before removing it.",
    });
  }
  // The operator's BASEMAP_PMTILES, if any, is the file again.
  await storeUploadedBasemap(ctx, null);
  await ctx.storage.delete(file.key);
}

import type { Readable } from "node:stream";
import type { AppContext } from "../../context.js";
import { AppError, notFound } from "../../http/errors.js";
import { dispositionFor, isImageType, safeFileName, sniffAllowedType } from "./media.js";
import * as queries from "./queries.js";
import { resizedContentType, resizedKey, resizeImage, type ResizeBounds } from "./resize.js";

/** 20 MB, as the product promises people. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** An upload token must be used within a minute of being issued. */
export const UPLOAD_TOKEN_LIFETIME_MS = 60 * 1000;
const ONE_MINUTE = 60 * 1000;
const ONE_HOUR = 60 * ONE_MINUTE;
const FLOWS_PER_MINUTE = 10;
const ANONYMOUS_FLOWS_PER_HOUR = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const fileTooLarge = () =>
  new AppError("FILE_TOO_LARGE", { status: 413, message: "Upload failed: the file size must be under 20Mb" });

export interface UploadCaller {
  contactId: string | null;
  ipAddress: string;
}

/** Issues a single-use upload token, within the per-address limits. */
export async function startUploadFlow(ctx: AppContext, caller: UploadCaller): Promise<{ id: string }> {
  const now = ctx.clock.now().getTime();
  const lastMinute = await queries.countUploadFlowsSince(ctx.db, caller.ipAddress, new Date(now - ONE_MINUTE));
  const overLimit =
    lastMinute >= FLOWS_PER_MINUTE ||
    (caller.contactId === null &&
      (await queries.countUploadFlowsSince(ctx.db, caller.ipAddress, new Date(now - ONE_HOUR))) >=
        ANONYMOUS_FLOWS_PER_HOUR);
  if (overLimit) {
    throw new AppError("RATE_LIMIT_EXCEEDED", { status: 429, message: "Too many upload requests" });
  }
  const id = ctx.newId();
  await queries.insertUploadFlow(ctx.db, {
    id,
    contactId: caller.contactId,
    ipAddress: caller.ipAddress,
    createdAt: new Date(now),
  });
  return { id };
}

/** Uses up an upload token; refused when missing, unknown, already used or over a minute old. */
export async function claimUploadToken(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) {
    throw new AppError("missing-token", { status: 400, message: "The upload token is missing." });
  }
  const now = ctx.clock.now();
  const claimed =
    UUID.test(token) &&
    (await queries.claimUploadFlow(ctx.db, token, now, new Date(now.getTime() - UPLOAD_TOKEN_LIFETIME_MS)));
  if (!claimed) {
    throw new AppError("invalid-token", {
      status: 404,
      message: "This upload token is unknown, used or expired. Start the upload again.",
    });
  }
}

function publicUrl(ctx: AppContext, path: string): string {
  return ctx.config.appUrlIsSet ? `${ctx.config.appUrl}${path}` : path;
}

/** Stores an uploaded file under its sniffed type and answers the address it is served from. */
export async function saveUpload(
  ctx: AppContext,
  file: { bytes: Buffer; clientName: string },
): Promise<{ url: string }> {
  if (file.bytes.length > UPLOAD_MAX_BYTES) throw fileTooLarge();
  const type = await sniffAllowedType(file.bytes);
  if (!type) {
    throw new AppError("unsupported-media-type", {
      status: 415,
      message: "This kind of file can't be uploaded. Use an image, a PDF, or a sound or video file.",
    });
  }
  const id = ctx.newId();
  const name = safeFileName(file.clientName, type.ext);
  const storageKey = `files/${id}`;
  await ctx.storage.put(storageKey, file.bytes, type.contentType);
  await queries.insertUploadedFile(ctx.db, {
    id,
    storageKey,
    contentType: type.contentType,
    name,
    size: file.bytes.length,
    createdAt: ctx.clock.now(),
  });
  return { url: publicUrl(ctx, `/uploads/${id}/${name}`) };
}

export interface ServedFile {
  body: Readable | Buffer;
  contentType: string;
  /** Known for originals and fresh copies; streamed copies go without. */
  size?: number;
  name: string;
  disposition: "inline" | "attachment";
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A resized copy of an image, made once and then kept in storage. Null when none can be made. */
async function resizedCopy(
  ctx: AppContext,
  file: queries.UploadedFileRow,
  bounds: ResizeBounds,
): Promise<Omit<ServedFile, "name" | "disposition"> | null> {
  const contentType = resizedContentType(file.contentType);
  if (!contentType) return null;
  const key = resizedKey(file.storageKey, bounds);
  const cached = await ctx.storage.get(key);
  if (cached) return { body: cached, contentType };
  const original = await ctx.storage.get(file.storageKey);
  if (!original) return null;
  const resized = await resizeImage(await readAll(original), file.contentType, bounds);
  if (!resized) {
    ctx.log.warn({ fileId: file.id, contentType: file.contentType }, "could not resize an uploaded image");
    return null;
  }
  await ctx.storage.put(key, resized, contentType);
  return { body: resized, contentType, size: resized.length };
}

/** The stored file (or a resized copy for images when bounds are given); 404 when there is none. */
export async function openUpload(
  ctx: AppContext,
  request: { fileId: string; name: string; bounds: ResizeBounds },
): Promise<ServedFile> {
  const file = UUID.test(request.fileId) ? await queries.findUploadedFile(ctx.db, request.fileId) : undefined;
  if (!file || file.name !== request.name) throw notFound("There is no such file.");
  const common = { name: file.name, disposition: dispositionFor(file.contentType) };
  const wantsResize = request.bounds.width !== undefined || request.bounds.height !== undefined;
  if (wantsResize && isImageType(file.contentType)) {
    const copy = await resizedCopy(ctx, file, request.bounds);
    if (copy) return { ...copy, ...common };
  }
  const body = await ctx.storage.get(file.storageKey);
  if (!body) throw notFound("There is no such file.");
  return { body, contentType: file.contentType, size: file.size, ...common };
}

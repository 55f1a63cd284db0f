import type { Readable } from "node:stream";
import { IMAGE_MAX_PIXELS, IMAGE_SIZES, snapImageBounds, type ImageBounds } from "@cohort/common/callouts";
import {
  formAnswer,
  inputComponents,
  isPublicAnswer,
  type CalloutAnswers,
  type CalloutForm,
} from "@cohort/common/callout-form";
import { isUuid } from "@cohort/common/http";
import type { AppContext } from "../../context.js";
import type { Identity } from "../../http/auth.js";
import { AppError, notFound } from "../../http/errors.js";
import { dispositionFor, isImageType, safeFileName, sniffAllowedType } from "./media.js";
import * as queries from "./queries.js";
import {
  imagePixels,
  resizedContentType,
  resizedKey,
  resizeImage,
  resizeLimiter,
  type ResizeBounds,
} from "./resize.js";

/** 20 MB, as the product promises people. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** An upload token must be used within a minute of being issued. */
export const UPLOAD_TOKEN_LIFETIME_MS = 60 * 1000;
const ONE_MINUTE = 60 * 1000;
const ONE_HOUR = 60 * ONE_MINUTE;
const FLOWS_PER_MINUTE = 10;
const ANONYMOUS_FLOWS_PER_HOUR = 20;

export const fileTooLarge = () =>
  new AppError("FILE_TOO_LARGE", { status: 413, message: "Upload failed: the file size must be under 20Mb" });

export const imageTooLarge = () =>
  new AppError("image-too-large", {
    status: 413,
    message: `This picture is too large to use: it has more than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
  });

export interface UploadCaller {
  contactId: string | null;
  ipAddress: string;
}

/** Issues a single-use upload token, within the per-address limits. */
export async function startUploadFlow(ctx: AppContext, caller: UploadCaller): Promise<{ id: string; token: string }> {
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
  // The reference answers `id`, the specification's client reads `token`: both, the same value (decision 024).
  return { id, token: id };
}

/** Uses up an upload token; refused when missing, unknown, already used or over a minute old. */
export async function claimUploadToken(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) {
    throw new AppError("missing-token", { status: 400, message: "The upload token is missing." });
  }
  const now = ctx.clock.now();
  const claimed =
    isUuid(token) &&
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

/** Where a stored file's bytes live, and the address it is served from. */
export function storedFileKey(fileId: string): string {
  return `files/${fileId}`;
}

export function storedFileUrl(ctx: AppContext, fileId: string, name: string): string {
  return publicUrl(ctx, `/uploads/${fileId}/${name}`);
}

/** Every key a resized copy of this file can have been kept under: one per size and shape `snapImageBounds` makes. */
function resizedKeysOf(storageKey: string): string[] {
  return IMAGE_SIZES.flatMap((size) => [
    resizedKey(storageKey, { width: size }),
    resizedKey(storageKey, { height: size }),
    resizedKey(storageKey, { width: size, height: size }),
  ]);
}

/** Deletes stored files from the storage provider with every resized copy of them, a few at a time. */
export async function deleteStoredFiles(ctx: AppContext, storageKeys: readonly string[]): Promise<void> {
  const keys = storageKeys.flatMap((key) => [key, ...resizedKeysOf(key)]);
  const next = keys[Symbol.iterator]();
  const worker = async () => {
    for (let step = next.next(); !step.done; step = next.next()) await ctx.storage.delete(step.value);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
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
  if (isImageType(type.contentType)) {
    const pixels = await imagePixels(file.bytes);
    if (pixels !== null && pixels > IMAGE_MAX_PIXELS) throw imageTooLarge();
  }
  const id = ctx.newId();
  const name = safeFileName(file.clientName, type.ext);
  const storageKey = storedFileKey(id);
  await ctx.storage.put(storageKey, file.bytes, type.contentType);
  await queries.insertUploadedFile(ctx.db, {
    id,
    storageKey,
    contentType: type.contentType,
    name,
    size: file.bytes.length,
    createdAt: ctx.clock.now(),
  });
  return { url: storedFileUrl(ctx, id, name) };
}

export interface ServedFile {
  body: Readable | Buffer;
  contentType: string;
  /** Known for originals and fresh copies; streamed copies go without. */
  size?: number;
  name: string;
  disposition: "inline" | "attachment";
  cacheControl: string;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Makes and stores a resized copy, one at a time per copy and at most two at
 * once in this process; the bytes of the copy, or null when none can be made.
 */
function makeResizedCopy(
  ctx: AppContext,
  file: queries.UploadedFileRow,
  key: string,
  contentType: string,
  bounds: ResizeBounds,
): Promise<Buffer | null> {
  return resizeLimiter.run(key, async () => {
    // Another server copy may have made it while this request waited.
    const made = await ctx.storage.get(key);
    if (made) return readAll(made);
    const original = await ctx.storage.get(file.storageKey);
    if (!original) return null;
    const resized = await resizeImage(await readAll(original), file.contentType, bounds);
    if (!resized) {
      ctx.log.warn({ fileId: file.id, contentType: file.contentType }, "could not resize an uploaded image");
      return null;
    }
    await ctx.storage.put(key, resized, contentType);
    return resized;
  });
}

/** A resized copy of an image in one of the fixed sizes, made once and then kept in storage. Null when none can be made. */
async function resizedCopy(
  ctx: AppContext,
  file: queries.UploadedFileRow,
  requested: ImageBounds,
): Promise<Pick<ServedFile, "body" | "contentType" | "size"> | null> {
  const contentType = resizedContentType(file.contentType);
  if (!contentType) return null;
  const bounds = snapImageBounds(requested);
  const key = resizedKey(file.storageKey, bounds);
  const cached = await ctx.storage.get(key);
  if (cached) return { body: cached, contentType };
  const resized = await makeResizedCopy(ctx, file, key, contentType, bounds);
  return resized ? { body: resized, contentType, size: resized.length } : null;
}

/** Admins, the respondent and the callout's reviewers may read a response, so they may get its private files. */
function mayGet(identity: Identity, file: queries.ServedFileRow): boolean {
  const answer = file.answer;
  if (!answer?.isPrivate) return true;
  if (identity.roles.includes("admin")) return true;
  const callerId = identity.contact?.id;
  return callerId !== undefined && (callerId === answer.contactId || answer.callerReviews);
}

/**
 * Private answers stay out of shared caches. A file in no answer yet may
 * become private when its answer is sent, so shared caches keep it briefly;
 * one in a public answer a day (an admin may still make the answer private).
 */
function cacheControlOf(file: queries.ServedFileRow): string {
  if (!file.answer) return "public, max-age=600";
  return file.answer.isPrivate ? "private, no-store" : "public, max-age=86400";
}

/**
 * The stored file (or a resized copy for images when bounds are given); 404
 * when there is none, or when it is in a private answer the caller may not read.
 */
export async function openUpload(
  ctx: AppContext,
  identity: Identity,
  request: { fileId: string; name: string; bounds: ImageBounds },
): Promise<ServedFile> {
  const file = isUuid(request.fileId)
    ? await queries.findServedFile(ctx.db, request.fileId, identity.contact?.id ?? null)
    : undefined;
  if (!file || file.name !== request.name || !mayGet(identity, file)) throw notFound("There is no such file.");
  const common = { name: file.name, disposition: dispositionFor(file.contentType), cacheControl: cacheControlOf(file) };
  const wantsResize = request.bounds.width !== undefined || request.bounds.height !== undefined;
  if (wantsResize && isImageType(file.contentType)) {
    const copy = await resizedCopy(ctx, file, request.bounds);
    if (copy) return { ...copy, ...common };
  }
  const body = await ctx.storage.get(file.storageKey);
  if (!body) throw notFound("There is no such file.");
  return { body, contentType: file.contentType, size: file.size, ...common };
}

const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([^/?#]*)/i;

/** The file an address points to, when it is a file uploaded to this site (by path, or on APP_URL). */
export function uploadedFileOf(ctx: AppContext, url: string): { fileId: string; name: string } | null {
  let path = url;
  if (!url.startsWith("/")) {
    try {
      const parsed = new URL(url);
      if (parsed.origin !== new URL(ctx.config.appUrl).origin) return null;
      path = parsed.pathname;
    } catch {
      return null;
    }
  }
  const match = UPLOAD_PATH.exec(path);
  if (!match) return null;
  let name: string;
  try {
    name = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  return { fileId: match[1]!.toLowerCase(), name };
}

/** The id of the file an answer's address points to, when it is a file uploaded to this site. */
function uploadedFileIdOf(ctx: AppContext, url: string): string | null {
  return uploadedFileOf(ctx, url)?.fileId ?? null;
}

/**
 * Links the files a response's answers refer to with that response and
 * answer, so that files in private answers are served only to those who
 * may read the response. Where one file is in two answers, the private one
 * counts.
 */
export async function attachAnswerFiles(
  ctx: AppContext,
  response: { id: string; form: Pick<CalloutForm, "slides">; answers: CalloutAnswers },
): Promise<void> {
  const links = new Map<string, { slideId: string; key: string; isPrivate: boolean }>();
  for (const { slide, component } of inputComponents(response.form)) {
    if (component.type !== "file") continue;
    const isPrivate = !isPublicAnswer(component);
    for (const value of [formAnswer(response.answers, slide.id, component.key)].flat()) {
      const url = (value as { url?: unknown } | null | undefined)?.url;
      const fileId = typeof url === "string" ? uploadedFileIdOf(ctx, url) : null;
      if (!fileId || (links.get(fileId)?.isPrivate ?? false)) continue;
      links.set(fileId, { slideId: slide.id, key: component.key, isPrivate });
    }
  }
  for (const [fileId, { slideId, key }] of links) {
    await queries.linkFileToAnswer(ctx.db, { fileId, responseId: response.id, slideId, key });
  }
}

/** Writes the records of files stored elsewhere (the sample answers'); the uploads module owns them (decision 083). */
export async function insertFileRecords(
  ctx: Pick<AppContext, "db">,
  rows: Parameters<typeof queries.insertFileRecords>[1],
): Promise<void> {
  await queries.insertFileRecords(ctx.db, rows);
}

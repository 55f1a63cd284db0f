import sharp from "sharp";
import { IMAGE_MAX_PIXELS, type ImageBounds } from "@cohort/common/callouts";
import { Limiter } from "./limiter.js";

export type ResizeBounds = ImageBounds;

/**
 * Keeps the image library's memory flat: no cache of past operations, one
 * worker thread per image, and at most two images decoded at once in this
 * process (others wait their turn).
 */
sharp.cache(false);
sharp.concurrency(1);
export const MAX_CONCURRENT_RESIZES = 2;
export const resizeLimiter = new Limiter(MAX_CONCURRENT_RESIZES);

type OutputFormat = "jpeg" | "png" | "gif" | "webp";

/** Resized copies keep their format, except HEIC and AVIF which become WebP (fast to make, shown everywhere). */
function outputFormat(contentType: string): OutputFormat | null {
  switch (contentType) {
    case "image/jpeg":
      return "jpeg";
    case "image/png":
      return "png";
    case "image/gif":
      return "gif";
    case "image/webp":
    case "image/avif":
    case "image/heic":
    case "image/heif":
      return "webp";
    default:
      return null;
  }
}

export function resizedContentType(contentType: string): string | null {
  const format = outputFormat(contentType);
  return format ? `image/${format}` : null;
}

/** Where the resized copy of a stored file lives. */
export function resizedKey(originalKey: string, bounds: ResizeBounds): string {
  return `${originalKey}-w${bounds.width ?? 0}-h${bounds.height ?? 0}`;
}

/**
 * The pixels an image would decode to (width × height × frames), read from
 * its header only; null when the header can't be read here.
 */
export async function imagePixels(input: Buffer): Promise<number | null> {
  try {
    const { width, height, pageHeight, pages } = await sharp(input, { limitInputPixels: false }).metadata();
    if (!width || !height) return null;
    return width * (pageHeight ?? height) * (pages ?? 1);
  } catch {
    return null;
  }
}

/**
 * Fits the picture inside the bounds without enlarging it, turned upright
 * first (the orientation tag is dropped with the rest of the metadata).
 * Null when this kind of image cannot be decoded here, or when it has more
 * than IMAGE_MAX_PIXELS pixels (stored before that limit existed).
 */
export async function resizeImage(input: Buffer, contentType: string, bounds: ResizeBounds): Promise<Buffer | null> {
  const format = outputFormat(contentType);
  if (!format) return null;
  const animated = contentType === "image/gif" || contentType === "image/webp";
  try {
    return await sharp(input, { animated, limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize({ width: bounds.width, height: bounds.height, fit: "inside", withoutEnlargement: true })
      .toFormat(format)
      .toBuffer();
  } catch {
    // The bundled image library reads no HEVC-coded HEIC, and refuses images over the pixel limit;
    // such files are served as they are.
    return null;
  }
}

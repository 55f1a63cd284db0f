import sharp from "sharp";

export interface ResizeBounds {
  width?: number | undefined;
  height?: number | undefined;
}

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
 * Fits the picture inside the bounds without enlarging it, turned upright
 * first (the orientation tag is dropped with the rest of the metadata).
 * Null when this kind of image cannot be decoded here.
 */
export async function resizeImage(input: Buffer, contentType: string, bounds: ResizeBounds): Promise<Buffer | null> {
  const format = outputFormat(contentType);
  if (!format) return null;
  const animated = contentType === "image/gif" || contentType === "image/webp";
  try {
    return await sharp(input, { animated })
      .rotate()
      .resize({ width: bounds.width, height: bounds.height, fit: "inside", withoutEnlargement: true })
      .toFormat(format)
      .toBuffer();
  } catch {
    // The bundled image library reads no HEVC-coded HEIC; such files are served as they are.
    return null;
  }
}

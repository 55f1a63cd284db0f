import { fileTypeFromBuffer } from "file-type";

/** Kinds of file people may upload, by the extension the bytes reveal (never the name the client sent). */
const IMAGE_EXTENSIONS = new Set(["jpg", "png", "gif", "webp", "avif", "heic"]);
const OTHER_EXTENSIONS = new Set(["pdf", "mp3", "m4a", "mp4", "mov", "webm", "ogg", "oga", "ogv", "opus", "wav"]);

export interface SniffedType {
  ext: string;
  contentType: string;
}

/** The file's real type when it is one we accept, else null. */
export async function sniffAllowedType(bytes: Uint8Array): Promise<SniffedType | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  if (!IMAGE_EXTENSIONS.has(found.ext) && !OTHER_EXTENSIONS.has(found.ext)) return null;
  return { ext: found.ext, contentType: found.mime };
}

export function isImageType(contentType: string): boolean {
  return contentType.startsWith("image/");
}

/** Pictures, sound and video open in the browser; anything else (PDFs) downloads. */
export function dispositionFor(contentType: string): "inline" | "attachment" {
  return /^(image|audio|video)\//.test(contentType) ? "inline" : "attachment";
}

/**
 * A name safe in a URL path and a Content-Disposition header: the last path
 * segment of what the client sent, reduced to ASCII letters, digits, `-` and
 * `_`, with the extension of the sniffed type.
 */
export function safeFileName(clientName: string, ext: string): string {
  const base = clientName.split(/[\\/]/).pop() ?? "";
  const stem = base
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "")
    .slice(0, 80);
  return `${stem || "file"}.${ext}`;
}

import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/errors.js";
import { fileTooLarge, UPLOAD_MAX_BYTES } from "./service.js";

export interface ReceivedFile {
  bytes: Buffer;
  clientName: string;
}

const wrongShape = () =>
  new AppError("invalid-request", { status: 400, message: "Send exactly one file, in the form field 'file'." });

/** Translates the multipart parser's failures into the errors clients know. */
function translate(error: unknown): unknown {
  switch ((error as { code?: unknown }).code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return fileTooLarge();
    case "FST_PARTS_LIMIT":
    case "FST_FILES_LIMIT":
    case "FST_FIELDS_LIMIT":
      return wrongShape();
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return new AppError("unsupported-media-type", { status: 415, message: "Send the file as multipart/form-data." });
    default:
      return error;
  }
}

/** Reads the one part of a multipart body, which must be a file called `file`, into memory (at most 20 MB). */
export async function readSingleFile(request: FastifyRequest): Promise<ReceivedFile> {
  let received: ReceivedFile | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    for await (const part of parts) {
      if (part.type !== "file" || part.fieldname !== "file" || received) throw wrongShape();
      received = { bytes: await part.toBuffer(), clientName: part.filename };
    }
  } catch (error) {
    throw translate(error);
  }
  if (!received) throw wrongShape();
  return received;
}

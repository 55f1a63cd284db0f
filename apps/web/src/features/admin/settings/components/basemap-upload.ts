import type { BasemapFile, BasemapUpload } from "@cohort/common/geocoding";
import {
  BASEMAP_FILE_PATH,
  BASEMAP_UPLOAD_CHUNK_BYTES,
  BASEMAP_UPLOADS_PATH,
  basemapUploadSchema,
} from "@cohort/common/geocoding";
import { apiGet, apiPutBytes, apiSend } from "../../../../api/client";
import { ClientError } from "../../../../api/client-error";

/** How the uploader reaches the server; tests give their own. */
export interface BasemapUploadTransport {
  start(name: string, size: number): Promise<BasemapUpload>;
  status(id: string): Promise<BasemapUpload>;
  /** Sends bytes `start` to `start + part.size - 1` of a file of `total` bytes. */
  put(id: string, part: Blob, start: number, total: number, signal?: AbortSignal): Promise<BasemapUpload>;
}

const uploadPath = (id: string) => `${BASEMAP_UPLOADS_PATH}/${encodeURIComponent(id)}`;

export const httpBasemapUpload: BasemapUploadTransport = {
  async start(name, size) {
    return basemapUploadSchema.parse(await apiSend("POST", BASEMAP_UPLOADS_PATH, { name, size }));
  },
  async status(id) {
    return apiGet(uploadPath(id), basemapUploadSchema);
  },
  async put(id, part, start, total, signal) {
    const headers = { "Content-Range": `bytes ${start}-${start + part.size - 1}/${total}` };
    return basemapUploadSchema.parse(
      await apiPutBytes(uploadPath(id), part, { headers, ...(signal ? { signal } : {}) }),
    );
  },
};

export async function removeBasemapFile(): Promise<void> {
  await apiSend("DELETE", BASEMAP_FILE_PATH);
}

export interface UploadOptions {
  transport?: BasemapUploadTransport;
  /** Bytes per `PUT`. */
  partBytes?: number;
  /** Called after each part with the bytes the server has. */
  onProgress?: (received: number, size: number) => void;
  /** Failures in a row (a dropped connection, a server that does not answer) before giving up. */
  attempts?: number;
  /** Waits before trying again after the n-th failure in a row; tests wait for nothing. */
  pause?: (failures: number) => Promise<void>;
  signal?: AbortSignal;
}

const pauseFor = (failures: number) => new Promise<void>((resolve) => setTimeout(resolve, 1000 * 2 ** (failures - 1)));

/**
 * A refusal that trying again will not change (the file is not PMTiles, too large, no
 * access): anything the server answered with a 4xx, except "not where I am", which the
 * uploader meets after a lost part and answers by asking how much the server has.
 */
const isFinal = (error: unknown) =>
  error instanceof ClientError &&
  error.httpCode >= 400 &&
  error.httpCode < 500 &&
  error.httpCode !== 408 &&
  error.code !== "upload-offset-mismatch";

/**
 * Sends a file in parts (decision 057). After a failed part it asks the server how much
 * it has and goes on from there, so a dropped connection costs one part, not the file.
 */
export async function uploadBasemap(file: File, options: UploadOptions = {}): Promise<BasemapFile> {
  const transport = options.transport ?? httpBasemapUpload;
  const partBytes = options.partBytes ?? BASEMAP_UPLOAD_CHUNK_BYTES;
  const attempts = options.attempts ?? 5;
  const pause = options.pause ?? pauseFor;
  let upload = await transport.start(file.name, file.size);
  let failures = 0;
  let resync = false;
  while (!upload.file) {
    options.signal?.throwIfAborted();
    try {
      if (resync) {
        upload = await transport.status(upload.id);
        resync = false;
      }
      const start = upload.received;
      const part = file.slice(start, Math.min(start + partBytes, file.size));
      upload = await transport.put(upload.id, part, start, file.size, options.signal);
      failures = 0;
      options.onProgress?.(upload.received, file.size);
    } catch (error) {
      if (isFinal(error) || options.signal?.aborted) throw error;
      failures += 1;
      if (failures >= attempts) throw error;
      resync = true;
      await pause(failures);
    }
  }
  return upload.file;
}

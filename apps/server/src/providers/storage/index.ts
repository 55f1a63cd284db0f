import type { Readable } from "node:stream";

/** Where uploaded files live: a folder under DATA_DIR by default, S3-compatible storage when configured. */
export interface StorageProvider {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes of a stored file, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

import type { Readable } from "node:stream";
import type { StorageConfig } from "../../config.js";
import { LocalStorageProvider } from "./local.js";
import { S3StorageProvider } from "./s3.js";

/** Where uploaded files live: a folder under DATA_DIR by default, S3-compatible storage when configured. */
export interface StorageProvider {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file read from a stream, for files too large to hold in memory (a basemap of
   * hundreds of MB): only a bounded part of it is in memory at a time. Readers never see half a file.
   */
  putStream(key: string, body: Readable, contentType: string): Promise<void>;
  /** The bytes of a stored file, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** The size in bytes of a stored file, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Bytes `start` to `end` (both included) of a stored file, or null when there is none. */
  getRange(key: string, start: number, end: number): Promise<Readable | null>;
}

/** S3-compatible storage when a bucket is configured, else a folder under DATA_DIR. */
export function createStorageProvider(config: StorageConfig): StorageProvider {
  return config.kind === "s3" ? new S3StorageProvider(config) : new LocalStorageProvider(config.dir);
}

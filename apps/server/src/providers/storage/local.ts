import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { StorageProvider } from "./index.js";
import { assertSafeKey } from "./keys.js";

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown }).code === "ENOENT";
}

/** Files in a folder on the server's disk (`${DATA_DIR}/uploads` by default). */
export class LocalStorageProvider implements StorageProvider {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`unsafe storage key: ${key}`);
    return full;
  }

  /** The type is not kept here: the database row records it. */
  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write beside the target, then rename, so a reader never sees half a file.
    const partial = `${target}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, body);
    await rename(partial, target);
  }

  async putStream(key: string, body: Readable, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.${Date.now()}.partial`;
    try {
      await pipeline(body, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable | null> {
    const target = this.pathOf(key);
    try {
      if (!(await stat(target)).isFile()) return null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return createReadStream(target);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getRange(key: string, start: number, end: number): Promise<Readable | null> {
    if ((await this.size(key)) === null) return null;
    return createReadStream(this.pathOf(key), { start, end });
  }
}

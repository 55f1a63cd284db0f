import { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { StorageProvider } from "./index.js";
import { assertSafeKey } from "./keys.js";

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

/** The size of each part of a multipart upload (S3 wants at least 5 MiB for all but the last). */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/** The stream cut into parts of `size` bytes (the last may be shorter); one part is in memory at a time. */
async function* partsOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  let pieces: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    let piece = chunk as Buffer;
    while (length + piece.length >= size) {
      const take = size - length;
      pieces.push(piece.subarray(0, take));
      yield Buffer.concat(pieces, size);
      piece = piece.subarray(take);
      pieces = [];
      length = 0;
    }
    if (piece.length > 0) {
      pieces.push(piece);
      length += piece.length;
    }
  }
  if (length > 0 || pieces.length > 0) yield Buffer.concat(pieces, length);
}

interface Connection {
  sdk: typeof S3Sdk;
  client: S3Sdk.S3Client;
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || name === "NotFound" || $metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket (AWS, MinIO, Garage, R2, …). The AWS SDK
 * is loaded on first use, so servers storing files locally never pay for it.
 */
export class S3StorageProvider implements StorageProvider {
  private connection: Promise<Connection> | null = null;

  constructor(
    private readonly settings: S3Settings,
    private readonly partBytes = S3_PART_BYTES,
  ) {}

  private connect(): Promise<Connection> {
    const { region, forcePathStyle, endpoint, accessKeyId, secretAccessKey } = this.settings;
    this.connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region,
        forcePathStyle,
        ...(endpoint ? { endpoint } : {}),
        ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      }),
    }));
    return this.connection;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  /**
   * A multipart upload, one part after the other, so that memory holds one part and not the
   * file. A failure aborts it, so no parts are left billed in the bucket.
   */
  async putStream(key: string, body: Readable, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { sdk, client } = await this.connect();
    const Bucket = this.settings.bucket;
    const started = await client.send(
      new sdk.CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
    );
    const UploadId = started.UploadId;
    if (!UploadId) throw new Error("the storage started no multipart upload");
    try {
      const Parts: { ETag: string; PartNumber: number }[] = [];
      for await (const part of partsOf(body, this.partBytes)) {
        const PartNumber = Parts.length + 1;
        const sent = await client.send(
          new sdk.UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: part, ContentLength: part.length }),
        );
        Parts.push({ ETag: sent.ETag ?? "", PartNumber });
      }
      if (Parts.length === 0) {
        const empty = Buffer.alloc(0);
        const sent = await client.send(
          new sdk.UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber: 1, Body: empty, ContentLength: 0 }),
        );
        Parts.push({ ETag: sent.ETag ?? "", PartNumber: 1 });
      }
      await client.send(
        new sdk.CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts } }),
      );
    } catch (error) {
      await client.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<Readable | null> {
    return this.read(key);
  }

  async getRange(key: string, start: number, end: number): Promise<Readable | null> {
    return this.read(key, `bytes=${start}-${end}`);
  }

  async size(key: string): Promise<number | null> {
    assertSafeKey(key);
    const { sdk, client } = await this.connect();
    try {
      const result = await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return result.ContentLength ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  private async read(key: string, range?: string): Promise<Readable | null> {
    assertSafeKey(key);
    const { sdk, client } = await this.connect();
    try {
      const result = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: key, ...(range ? { Range: range } : {}) }),
      );
      if (!result.Body) return null;
      return result.Body instanceof Readable ? result.Body : Readable.from(await result.Body.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  /** Closes the SDK's open connections. */
  async destroy(): Promise<void> {
    if (this.connection) (await this.connection).client.destroy();
  }
}

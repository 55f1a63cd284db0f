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

  constructor(private readonly settings: S3Settings) {}

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

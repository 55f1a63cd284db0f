import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small in-memory stand-in for an S3-compatible service: path-style PUT,
 * GET, HEAD and DELETE of objects in one bucket, multipart uploads (start, parts,
 * complete, abort), with the XML bodies the AWS SDK expects. It checks that requests are signed with the expected access
 * key but does not verify the signature itself.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every request seen, as `METHOD /path`, with `?uploads`, `?partNumber=N` or `?uploadId` for multipart ones. */
  requests: string[];
  /** The multipart uploads started and neither completed nor aborted, by upload id. */
  multipartUploads: Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Undoes `aws-chunked` encoding: `<hex size>[;extensions]\r\n<data>\r\n` … `0\r\n<trailers>\r\n`. */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf("\r\n", offset);
    if (lineEnd < 0) break;
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString("latin1").split(";")[0] ?? "", 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** The bytes of an object or part as sent, `aws-chunked` encoding undone. */
function uploadedBytes(request: IncomingMessage, raw: Buffer): Buffer {
  const chunked =
    request.headers["content-encoding"]?.includes("aws-chunked") ||
    String(request.headers["x-amz-content-sha256"] ?? "").startsWith("STREAMING-");
  return chunked ? decodeAwsChunked(raw) : raw;
}

function sendError(response: ServerResponse, status: number, code: string, message: string): void {
  response.writeHead(status, { "content-type": "application/xml" });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

export async function startS3StandIn(bucket = "cohort-test"): Promise<S3StandIn> {
  const accessKeyId = "STANDINACCESSKEY";
  const secretAccessKey = "stand-in-secret-access-key";
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: string[] = [];
  const multipartUploads = new Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>();
  let uploadCount = 0;

  const xml = (response: ServerResponse, body: string) => {
    response.writeHead(200, { "content-type": "application/xml" });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const multipart = url.searchParams.has("uploads")
        ? "?uploads"
        : url.searchParams.has("partNumber")
          ? `?partNumber=${url.searchParams.get("partNumber")}`
          : url.searchParams.has("uploadId")
            ? "?uploadId"
            : "";
      requests.push(`${request.method} ${url.pathname}${multipart}`);
      const authorization = request.headers.authorization ?? "";
      if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`)) {
        return sendError(response, 403, "InvalidAccessKeyId", "The access key is not known here.");
      }
      const [, bucketName, ...keyParts] = url.pathname.split("/");
      const key = keyParts.map(decodeURIComponent).join("/");
      if (bucketName !== bucket) return sendError(response, 404, "NoSuchBucket", "The bucket does not exist.");
      if (!key) return sendError(response, 501, "NotImplemented", "Only object requests are supported.");

      const uploadId = url.searchParams.get("uploadId");
      if (request.method === "POST" && url.searchParams.has("uploads")) {
        uploadCount += 1;
        const id = `upload-${uploadCount}`;
        multipartUploads.set(id, {
          key,
          contentType: request.headers["content-type"] ?? "application/octet-stream",
          parts: new Map(),
        });
        return xml(
          response,
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      if (uploadId !== null) {
        const upload = multipartUploads.get(uploadId);
        if (!upload || upload.key !== key) return sendError(response, 404, "NoSuchUpload", "No such upload.");
        const raw = await readBody(request);
        if (request.method === "PUT") {
          const body = uploadedBytes(request, raw);
          const number = Number(url.searchParams.get("partNumber"));
          upload.parts.set(number, body);
          response.writeHead(200, { etag: `"part-${number}-${body.length}"` });
          return response.end();
        }
        if (request.method === "POST") {
          // The parts named in the completion, in its order.
          const named = [...raw.toString("utf8").matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
          const parts = named.map((number) => upload.parts.get(number));
          if (named.length === 0 || parts.some((part) => part === undefined)) {
            return sendError(response, 400, "InvalidPart", "A part named was not uploaded.");
          }
          const body = Buffer.concat(parts as Buffer[]);
          objects.set(key, { body, contentType: upload.contentType });
          multipartUploads.delete(uploadId);
          return xml(
            response,
            `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"${body.length.toString(16)}-${parts.length}"</ETag></CompleteMultipartUploadResult>`,
          );
        }
        if (request.method === "DELETE") {
          multipartUploads.delete(uploadId);
          response.writeHead(204);
          return response.end();
        }
      }

      switch (request.method) {
        case "PUT": {
          const raw = await readBody(request);
          const body = uploadedBytes(request, raw);
          const contentType = request.headers["content-type"] ?? "application/octet-stream";
          objects.set(key, { body, contentType });
          response.writeHead(200, { etag: `"${body.length.toString(16)}"` });
          return response.end();
        }
        case "GET":
        case "HEAD": {
          const object = objects.get(key);
          if (!object) {
            return sendError(response, 404, "NoSuchKey", "The specified key does not exist.");
          }
          // A single `Range: bytes=a-b` is answered with just those bytes, as S3 does.
          const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? "");
          const start = range ? Number(range[1]) : 0;
          const end = range ? Math.min(Number(range[2]), object.body.length - 1) : object.body.length - 1;
          const body = object.body.subarray(start, end + 1);
          response.writeHead(range ? 206 : 200, {
            "content-type": object.contentType,
            "content-length": body.length,
            etag: `"${object.body.length.toString(16)}"`,
            "last-modified": new Date(0).toUTCString(),
            ...(range ? { "content-range": `bytes ${start}-${end}/${object.body.length}` } : {}),
          });
          return response.end(request.method === "GET" ? body : undefined);
        }
        case "DELETE":
          objects.delete(key);
          response.writeHead(204);
          return response.end();
        default:
          return sendError(response, 405, "MethodNotAllowed", "Not supported by the stand-in.");
      }
    })().catch((error: unknown) => {
      sendError(response, 500, "InternalError", String(error));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    multipartUploads,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

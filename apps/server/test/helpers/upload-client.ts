import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";

let addressCounter = 0;
/** A client address of its own, so the per-address upload limits never get in the way. */
export const freshUploadAddress = () => `203.0.113.${(++addressCounter % 250) + 1}`;

/** A multipart body with one file in the field `file`. */
export function multipartFile(bytes: Buffer, name = "photo.png"): { body: Buffer; contentType: string } {
  const boundary = "----cohort-test-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Starts an upload flow and sends one file; answers the raw response of the upload. */
export async function sendUpload(app: FastifyInstance, bytes: Buffer, name = "photo.png") {
  const flow = await app.inject({
    method: "POST",
    url: "/api/1.0/upload",
    remoteAddress: freshUploadAddress(),
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
  });
  if (flow.statusCode !== 200) throw new Error(`upload flow refused: ${flow.statusCode} ${flow.body}`);
  const { body, contentType } = multipartFile(bytes, name);
  return app.inject({
    method: "POST",
    url: `/upload/?token=${flow.json<{ id: string }>().id}`,
    headers: { "content-type": contentType, [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    payload: body,
  });
}

/** Uploads a file and answers its address. */
export async function uploadFile(app: FastifyInstance, bytes: Buffer, name = "photo.png"): Promise<string> {
  const response = await sendUpload(app, bytes, name);
  if (response.statusCode !== 200) throw new Error(`upload refused: ${response.statusCode} ${response.body}`);
  return response.json<{ url: string }>().url;
}

/** A plain PNG of the given size. */
export function pngImage(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

import { describe, expect, it } from "vitest";
import type { BasemapUpload } from "@cohort/common/geocoding";
import { ClientError } from "../../../../api/client-error";
import { uploadBasemap, type BasemapUploadTransport } from "./basemap-upload";

/** A blob's bytes (the test DOM's blobs have no `arrayBuffer`). */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsArrayBuffer(blob);
  });

/** A server in memory that keeps what it was sent, and a connection that drops when told to. */
function fakeServer(drops: { atPart: number; keep: number }[] = []) {
  let bytes = new Uint8Array(0);
  let size = 0;
  let name = "";
  let puts = 0;
  const sent: string[] = [];
  const state = (): BasemapUpload => ({
    id: "u1",
    name,
    size,
    received: bytes.length,
    file: bytes.length === size ? { name, size, uploadedAt: "2026-11-28T12:00:00.000Z" } : null,
  });
  const transport: BasemapUploadTransport = {
    start: (fileName, fileSize) => {
      name = fileName;
      size = fileSize;
      return Promise.resolve(state());
    },
    status: () => {
      sent.push(`status ${bytes.length}`);
      return Promise.resolve(state());
    },
    async put(_id, part, start) {
      puts += 1;
      sent.push(`put ${start}+${part.size}`);
      if (start !== bytes.length) throw new ClientError(409, { code: "upload-offset-mismatch" });
      const data = await bytesOf(part);
      const drop = drops.find((entry) => entry.atPart === puts);
      // A dropped connection: part of the bytes arrived, the answer never did.
      const kept = drop ? data.subarray(0, drop.keep) : data;
      const next = new Uint8Array(bytes.length + kept.length);
      next.set(bytes);
      next.set(kept, bytes.length);
      bytes = next;
      if (drop) throw new TypeError("Failed to fetch");
      return state();
    },
  };
  return { transport, sent, bytes: () => bytes };
}

const fileOf = (size: number) => {
  const data = new Uint8Array(size).map((_, index) => index % 251);
  return { file: new File([data], "region.pmtiles"), data };
};

describe("uploading a basemap in parts", () => {
  it("sends the parts in order and reports progress", async () => {
    const server = fakeServer();
    const { file, data } = fileOf(2500);
    const progress: number[] = [];
    const done = await uploadBasemap(file, {
      transport: server.transport,
      partBytes: 1000,
      pause: () => Promise.reject(new Error("no part should fail")),
      onProgress: (received) => progress.push(received),
    });
    expect(done).toMatchObject({ name: "region.pmtiles", size: 2500 });
    expect(server.sent).toEqual(["put 0+1000", "put 1000+1000", "put 2000+500"]);
    expect(progress).toEqual([1000, 2000, 2500]);
    expect(server.bytes()).toEqual(data);
  });

  it("after a dropped connection asks the server how much it has and goes on from there", async () => {
    const server = fakeServer([{ atPart: 2, keep: 300 }]);
    const { file, data } = fileOf(2500);
    const pauses: number[] = [];
    await uploadBasemap(file, {
      transport: server.transport,
      partBytes: 1000,
      pause: (failures) => {
        pauses.push(failures);
        return Promise.resolve();
      },
    });
    expect(server.sent).toEqual(["put 0+1000", "put 1000+1000", "status 1300", "put 1300+1000", "put 2300+200"]);
    expect(pauses).toEqual([1]);
    expect(server.bytes()).toEqual(data);
  });

  it("stops at a refusal that trying again would not change", async () => {
    const { file } = fileOf(2000);
    const refusing: BasemapUploadTransport = {
      ...fakeServer().transport,
      put: () => Promise.reject(new ClientError(400, { code: "map-file-invalid", message: "not PMTiles" })),
    };
    await expect(uploadBasemap(file, { transport: refusing, partBytes: 1000 })).rejects.toMatchObject({
      code: "map-file-invalid",
    });
  });

  it("gives up after the failures in a row it allows", async () => {
    const { file } = fileOf(2000);
    const server = fakeServer();
    let calls = 0;
    const down: BasemapUploadTransport = {
      ...server.transport,
      put: () => {
        calls += 1;
        return Promise.reject(new TypeError("Failed to fetch"));
      },
    };
    await expect(
      uploadBasemap(file, { transport: down, partBytes: 1000, attempts: 3, pause: () => Promise.resolve() }),
    ).rejects.toThrow("Failed to fetch");
    expect(calls).toBe(3);
  });
});

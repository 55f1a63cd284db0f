import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PMTiles, type RangeResponse, type Source } from "pmtiles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIX } from "@cohort/common/http";
import { parseRange } from "../src/modules/maps/service.js";
import { makeTestBasemap, tileId } from "@cohort/stand-ins/basemap";
import { startS3StandIn, type S3StandIn } from "@cohort/stand-ins/s3";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

const KEY = "maps/region.pmtiles";
const basemap = makeTestBasemap({ maxZoom: 3 });

/** A PMTiles reader that fetches through the test server by byte ranges, as MapLibre's pmtiles protocol does. */
function sourceOver(t: TestApp, seen: string[]): Source {
  return {
    getKey: () => "basemap",
    async getBytes(offset: number, length: number): Promise<RangeResponse> {
      const range = `bytes=${offset}-${offset + length - 1}`;
      seen.push(range);
      const response = await t.app.inject({
        method: "GET",
        url: `${API_PREFIX}/map/basemap.pmtiles`,
        headers: { range },
      });
      expect(response.statusCode).toBe(206);
      const data = response.rawPayload;
      return { data: data.buffer.slice(data.byteOffset, data.byteOffset + data.length) as ArrayBuffer };
    },
  };
}

function describeBasemap(name: string, open: () => Promise<{ t: TestApp; done: () => Promise<void> }>) {
  describe(name, () => {
    let t: TestApp;
    let done: () => Promise<void>;
    beforeAll(async () => {
      ({ t, done } = await open());
    });
    afterAll(() => done());

    it("tells the map pages where the style is", async () => {
      const response = await call(t.app, "GET", "/map/config");
      expect(response.json()).toMatchObject({
        basemap: { available: true, styleUrl: "https://news.example.org/api/1.0/map/style.json" },
      });
    });

    it("serves a style that draws the file's layers from pmtiles://, with no text, glyphs or sprites", async () => {
      const response = await call(t.app, "GET", "/map/style.json");
      expect(response.statusCode).toBe(200);
      const style = response.json<{
        version: number;
        sources: Record<string, { type: string; url: string }>;
        layers: { id: string; type: string; "source-layer"?: string }[];
        glyphs?: string;
        sprite?: string;
      }>();
      expect(style.version).toBe(8);
      expect(style.sources.basemap).toMatchObject({
        type: "vector",
        url: "pmtiles://https://news.example.org/api/1.0/map/basemap.pmtiles",
      });
      expect(style.glyphs).toBeUndefined();
      expect(style.sprite).toBeUndefined();
      expect(style.layers.some((layer) => layer.type === "symbol")).toBe(false);
      const used = new Set(style.layers.map((layer) => layer["source-layer"]).filter(Boolean));
      expect([...used].sort()).toEqual(["boundaries", "buildings", "earth", "landuse", "roads", "water"]);
    });

    it("serves byte ranges that a PMTiles reader can read tiles from", async () => {
      const seen: string[] = [];
      const archive = new PMTiles(sourceOver(t, seen));
      const header = await archive.getHeader();
      expect(header).toMatchObject({ specVersion: 3, tileType: 1, minZoom: 0, maxZoom: 3, numAddressedTiles: 85 });
      const tile = await archive.getZxy(3, 4, 2);
      expect(tile?.data.byteLength).toBeGreaterThan(100);
      expect(await archive.getZxy(4, 0, 0)).toBeUndefined();
      expect(seen[0]).toBe("bytes=0-16383");
    });

    it("answers ranges with 206 and Content-Range, the whole file with 200, and HEAD without a body", async () => {
      const url = `${API_PREFIX}/map/basemap.pmtiles`;
      const part = await t.app.inject({ method: "GET", url, headers: { range: "bytes=0-6" } });
      expect(part.statusCode).toBe(206);
      expect(part.headers).toMatchObject({
        "content-range": `bytes 0-6/${basemap.length}`,
        "content-length": "7",
        "accept-ranges": "bytes",
        "content-type": "application/vnd.pmtiles",
      });
      expect(part.headers["content-encoding"]).toBeUndefined();
      expect(part.body).toBe("PMTiles");
      const suffix = await t.app.inject({ method: "GET", url, headers: { range: "bytes=-4" } });
      expect(suffix.rawPayload.equals(basemap.subarray(-4))).toBe(true);
      const whole = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload.equals(basemap)).toBe(true);
      const head = await t.app.inject({ method: "HEAD", url });
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-length"]).toBe(String(basemap.length));
      const outside = await t.app.inject({ method: "GET", url, headers: { range: `bytes=${basemap.length}-` } });
      expect(outside.statusCode).toBe(416);
      expect(outside.headers["content-range"]).toBe(`bytes */${basemap.length}`);
      const huge = await t.app.inject({ method: "GET", url, headers: { range: `bytes=${"9".repeat(400)}-` } });
      expect(huge.statusCode).toBe(416);
    });
  });
}

describeBasemap("a basemap in the local uploads folder", async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "cohort-basemap-"));
  mkdirSync(path.join(dataDir, "uploads", "maps"), { recursive: true });
  writeFileSync(path.join(dataDir, "uploads", KEY), basemap);
  const t = await createTestApp({ DATA_DIR: dataDir, BASEMAP_PMTILES: KEY, APP_URL: "https://news.example.org" });
  return {
    t,
    done: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

let s3: S3StandIn;
describeBasemap("a basemap in S3-compatible storage", async () => {
  s3 = await startS3StandIn();
  s3.objects.set(KEY, { body: basemap, contentType: "application/octet-stream" });
  const t = await createTestApp({
    BASEMAP_PMTILES: KEY,
    APP_URL: "https://news.example.org",
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  });
  return {
    t,
    done: async () => {
      expect(s3.requests.filter((request) => request.startsWith("GET")).length).toBeGreaterThan(3);
      await t.close();
      await s3.close();
    },
  };
});

describe("without a basemap", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BASEMAP_PMTILES: "maps/missing.pmtiles" });
  });
  afterAll(() => t.close());

  it("has no style or tiles, and says so in the map settings", async () => {
    expect((await call(t.app, "GET", "/map/style.json")).statusCode).toBe(404);
    expect((await call(t.app, "GET", "/map/basemap.pmtiles")).json()).toMatchObject({ code: "not-found" });
    expect((await call(t.app, "GET", "/map/config")).json()).toMatchObject({
      basemap: { available: false, styleUrl: null },
    });
  });
});

describe("byte ranges", () => {
  it("reads single ranges and refuses those outside the file", () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=95-200", 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBeNull();
    expect(parseRange("bytes=9-3", 100)).toBeNull();
    expect(parseRange("bytes=0-1,5-6", 100)).toBeUndefined();
    expect(parseRange("items=0-1", 100)).toBeUndefined();
    expect(parseRange("bytes=abc", 100)).toBeUndefined();
    expect(parseRange("bytes=-0", 100)).toBeNull();
    expect(parseRange(`bytes=${"9".repeat(400)}-`, 100)).toBeNull();
    expect(parseRange(`bytes=0-${"9".repeat(400)}`, 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange(`bytes=-${"9".repeat(400)}`, 100)).toEqual({ start: 0, end: 99 });
  });

  it("numbers tiles along the Hilbert curve as PMTiles does", () => {
    expect([tileId(0, 0, 0), tileId(1, 0, 0), tileId(1, 0, 1), tileId(1, 1, 1), tileId(1, 1, 0)]).toEqual([
      0, 1, 2, 3, 4,
    ]);
  });
});

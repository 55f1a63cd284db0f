/**
 * Writes a tiny PMTiles v3 basemap for tests and development: for every tile of a few zoom
 * levels over a box, a vector tile in the Protomaps layout the basemap style
 * draws (`earth`, `landuse`, `water`, `roads`, `boundaries`). Dependency-free,
 * so the browser journeys can run it too:
 *
 *   npx tsx packages/stand-ins/src/basemap.ts <out.pmtiles> [maxZoom]
 */
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

// ---------------------------------------------------------------- protobuf

class ProtoWriter {
  private bytes: number[] = [];

  varint(value: number): this {
    let rest = value;
    while (rest >= 0x80) {
      this.bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.bytes.push(rest);
    return this;
  }

  private key(field: number, wireType: number): this {
    return this.varint(field * 8 + wireType);
  }

  uint(field: number, value: number): this {
    return this.key(field, 0).varint(value);
  }

  bytesField(field: number, value: Uint8Array): this {
    this.key(field, 2).varint(value.length);
    for (const byte of value) this.bytes.push(byte);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytesField(field, new TextEncoder().encode(value));
  }

  packed(field: number, values: number[]): this {
    const inner = new ProtoWriter();
    for (const value of values) inner.varint(value);
    return this.bytesField(field, inner.finish());
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

// ---------------------------------------------------------------- vector tiles

const EXTENT = 4096;
type Point = [number, number];
type Geometry = { type: "line"; points: Point[] } | { type: "polygon"; ring: Point[] };
interface TestFeature {
  geometry: Geometry;
  properties: Record<string, string>;
}

const zigzag = (value: number) => (value << 1) ^ (value >> 31);
const command = (id: number, count: number) => (id & 0x7) | (count << 3);

/** Geometry commands: MoveTo, LineTo…, and ClosePath for polygons (rings clockwise in tile space). */
function encodeGeometry(geometry: Geometry): number[] {
  const points = geometry.type === "line" ? geometry.points : geometry.ring;
  const out: number[] = [];
  let [cx, cy] = [0, 0];
  points.forEach(([x, y], index) => {
    if (index === 0) out.push(command(1, 1));
    if (index === 1) out.push(command(2, points.length - 1));
    out.push(zigzag(x - cx), zigzag(y - cy));
    [cx, cy] = [x, y];
  });
  if (geometry.type === "polygon") out.push(command(7, 1));
  return out;
}

function encodeLayer(name: string, features: TestFeature[]): Uint8Array {
  const keys: string[] = [];
  const values: string[] = [];
  const indexOf = (list: string[], item: string) => {
    const found = list.indexOf(item);
    if (found >= 0) return found;
    list.push(item);
    return list.length - 1;
  };
  const layer = new ProtoWriter().uint(15, 2).string(1, name);
  features.forEach((feature, id) => {
    const tags = Object.entries(feature.properties).flatMap(([key, value]) => [
      indexOf(keys, key),
      indexOf(values, value),
    ]);
    const encoded = new ProtoWriter()
      .uint(1, id + 1)
      .packed(2, tags)
      .uint(3, feature.geometry.type === "line" ? 2 : 3)
      .packed(4, encodeGeometry(feature.geometry));
    layer.bytesField(2, encoded.finish());
  });
  for (const key of keys) layer.string(3, key);
  for (const value of values) layer.bytesField(4, new ProtoWriter().string(1, value).finish());
  return layer.uint(5, EXTENT).finish();
}

const square = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

/** The same simple scene in every tile: land, a park, a lake, two roads and a boundary. */
function testTile(): Uint8Array {
  const layers: [string, TestFeature[]][] = [
    ["earth", [{ geometry: { type: "polygon", ring: square(0, 0, EXTENT, EXTENT) }, properties: { kind: "earth" } }]],
    ["landuse", [{ geometry: { type: "polygon", ring: square(2600, 400, 3600, 1400) }, properties: { kind: "park" } }]],
    ["water", [{ geometry: { type: "polygon", ring: square(300, 2500, 1500, 3700) }, properties: { kind: "lake" } }]],
    [
      "roads",
      [
        {
          geometry: {
            type: "line",
            points: [
              [0, 2048],
              [EXTENT, 2048],
            ],
          },
          properties: { kind: "major_road" },
        },
        {
          geometry: {
            type: "line",
            points: [
              [2048, 0],
              [2048, EXTENT],
            ],
          },
          properties: { kind: "highway" },
        },
      ],
    ],
    [
      "boundaries",
      [
        {
          geometry: {
            type: "line",
            points: [
              [0, 0],
              [EXTENT, EXTENT],
            ],
          },
          properties: { kind: "region", kind_detail: "4" },
        },
      ],
    ],
  ];
  const tile = new ProtoWriter();
  for (const [name, features] of layers) tile.bytesField(3, encodeLayer(name, features));
  return tile.finish();
}

// ---------------------------------------------------------------- PMTiles v3

/** Position of a tile on the Hilbert curve of its zoom, after all tiles of lower zooms. */
export function tileId(z: number, x: number, y: number): number {
  let id = (4 ** z - 1) / 3;
  const n = 2 ** z;
  let [tx, ty] = [x, y];
  for (let s = n / 2; s >= 1; s /= 2) {
    const rx = (tx & s) > 0 ? 1 : 0;
    const ry = (ty & s) > 0 ? 1 : 0;
    id += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) [tx, ty] = [n - 1 - tx, n - 1 - ty];
      [tx, ty] = [ty, tx];
    }
  }
  return id;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

function encodeDirectory(entries: Entry[]): Uint8Array {
  const out = new ProtoWriter().varint(entries.length);
  let last = 0;
  for (const entry of entries) {
    out.varint(entry.tileId - last);
    last = entry.tileId;
  }
  for (const entry of entries) out.varint(entry.runLength);
  for (const entry of entries) out.varint(entry.length);
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    out.varint(previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1);
  });
  return out.finish();
}

const lon2tile = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const lat2tile = (lat: number, z: number) => {
  const rad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
};

export interface TestBasemapOptions {
  /** Highest zoom with tiles (maps zoom in further by stretching them). */
  maxZoom?: number;
  /** `[west, south, east, north]`; the world by default. */
  bounds?: [number, number, number, number];
}

/**
 * A PMTiles v3 archive (gzip-compressed directories, metadata and tiles; one
 * root directory; identical tiles stored once). Its bytes.
 */
export function makeTestBasemap(options: TestBasemapOptions = {}): Buffer {
  const maxZoom = options.maxZoom ?? 3;
  const [west, south, east, north] = options.bounds ?? [-180, -85, 180, 85];
  const tile = gzipSync(testTile());
  const ids: number[] = [];
  for (let z = 0; z <= maxZoom; z++) {
    const clamp = (value: number) => Math.min(2 ** z - 1, Math.max(0, value));
    for (let x = clamp(lon2tile(west, z)); x <= clamp(lon2tile(east, z)); x++) {
      for (let y = clamp(lat2tile(north, z)); y <= clamp(lat2tile(south, z)); y++) ids.push(tileId(z, x, y));
    }
  }
  ids.sort((a, b) => a - b);
  // Every tile is the same, so entries point at one copy; consecutive ids share an entry.
  const entries: Entry[] = [];
  for (const id of ids) {
    const last = entries.at(-1);
    if (last && last.tileId + last.runLength === id) last.runLength += 1;
    else entries.push({ tileId: id, offset: 0, length: tile.length, runLength: 1 });
  }
  const root = gzipSync(encodeDirectory(entries));
  const metadata = gzipSync(
    JSON.stringify({
      name: "Cohort test basemap",
      vector_layers: ["earth", "landuse", "water", "roads", "boundaries"].map((id) => ({ id, fields: {} })),
    }),
  );
  const header = Buffer.alloc(127);
  const rootOffset = 127;
  const metadataOffset = rootOffset + root.length;
  const tilesOffset = metadataOffset + metadata.length;
  header.write("PMTiles", 0, "latin1");
  header.writeUInt8(3, 7);
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tilesOffset); // no leaf directories
  u64(48, 0);
  u64(56, tilesOffset);
  u64(64, tile.length);
  u64(72, ids.length);
  u64(80, entries.length);
  u64(88, 1);
  header.writeUInt8(0, 96); // not clustered: all entries share one tile
  header.writeUInt8(2, 97); // gzip directories and metadata
  header.writeUInt8(2, 98); // gzip tiles
  header.writeUInt8(1, 99); // vector tiles
  header.writeUInt8(0, 100);
  header.writeUInt8(maxZoom, 101);
  const e7 = (at: number, degrees: number) => header.writeInt32LE(Math.round(degrees * 1e7), at);
  e7(102, west);
  e7(106, south);
  e7(110, east);
  e7(114, north);
  header.writeUInt8(0, 118);
  e7(119, (west + east) / 2);
  e7(123, (south + north) / 2);
  return Buffer.concat([header, root, metadata, tile]);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [out, maxZoom] = process.argv.slice(2);
  if (!out) throw new Error("usage: basemap.ts <out.pmtiles> [maxZoom]");
  writeFileSync(out, makeTestBasemap(maxZoom ? { maxZoom: Number(maxZoom) } : {}));
}

import type { StyleSpecification } from "maplibre-gl";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

/** Colours of the built-in world: sea, land, coastlines and borders, quiet under the markers. */
const COLOURS = { sea: "#dce9f2", land: "#f4f1ea", coast: "#9fb5c4", border: "#c9bfb0" } as const;

type Countries = Topology<{ countries: GeometryCollection }>;

type Position = number[];
type Nested = Position | Nested[];

/**
 * Makes each line's longitudes continuous: a line that crosses the antimeridian (Russia's
 * coast, Fiji) would otherwise jump from 180° to -180° and be drawn across the whole map.
 * MapLibre draws longitudes past ±180° on the next copy of the world, where they belong.
 */
function unwrapLongitudes(coordinates: Nested): void {
  if (!Array.isArray(coordinates[0])) return;
  const first = coordinates[0];
  if (typeof first[0] === "number") {
    const line = coordinates as Position[];
    for (let at = 1; at < line.length; at++) {
      const previous = line[at - 1]![0]!;
      const point = line[at]!;
      while (point[0]! - previous > 180) point[0]! -= 360;
      while (point[0]! - previous < -180) point[0]! += 360;
    }
    return;
  }
  for (const part of coordinates as Nested[]) unwrapLongitudes(part);
}

function unwrapAll<T extends { type: string }>(geojson: T): T {
  const geometries = (value: unknown): { coordinates?: Nested }[] => {
    const item = value as { type: string; features?: { geometry: unknown }[]; geometry?: unknown };
    if (item.type === "FeatureCollection") return (item.features ?? []).flatMap((f) => geometries(f.geometry));
    if (item.type === "Feature") return geometries(item.geometry);
    return [value as { coordinates?: Nested }];
  };
  for (const geometry of geometries(geojson)) if (geometry?.coordinates) unwrapLongitudes(geometry.coordinates);
  return geojson;
}

let loading: Promise<StyleSpecification> | undefined;

/**
 * A MapLibre style of the whole world from a file this site serves: what the
 * maps draw when there is no basemap, or the basemap cannot be reached
 * (offline, a provider that is down or refused). No text, so no fonts.
 */
export function worldStyle(): Promise<StyleSpecification> {
  loading ??= (async () => {
    // Natural Earth's countries at 1:110m (public domain), about 100 KB: a file of this site, loaded only when needed.
    const topology = (await import("world-atlas/countries-110m.json")).default as unknown as Countries;
    const countries = topology.objects.countries;
    return {
      version: 8,
      name: "World",
      sources: {
        land: { type: "geojson", data: unwrapAll(feature(topology, countries)) },
        coast: { type: "geojson", data: unwrapAll(mesh(topology, countries, (a, b) => a === b)) },
        borders: { type: "geojson", data: unwrapAll(mesh(topology, countries, (a, b) => a !== b)) },
      },
      layers: [
        { id: "sea", type: "background", paint: { "background-color": COLOURS.sea } },
        { id: "land", type: "fill", source: "land", paint: { "fill-color": COLOURS.land } },
        { id: "borders", type: "line", source: "borders", paint: { "line-color": COLOURS.border, "line-width": 0.6 } },
        { id: "coast", type: "line", source: "coast", paint: { "line-color": COLOURS.coast, "line-width": 0.8 } },
      ],
    } satisfies StyleSpecification;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

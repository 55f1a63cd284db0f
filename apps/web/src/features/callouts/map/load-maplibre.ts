// The worker is served from this site as a file of its own, so the policy needs no `blob:` worker (decision 036).
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import "maplibre-gl/dist/maplibre-gl.css";
import type * as MapLibreModule from "maplibre-gl";

/**
 * MapLibre, its stylesheet and its worker: imported only by the modules the
 * map page and the address picker load on demand, so no other page downloads
 * them (decision 036).
 */
export type MapLibre = typeof MapLibreModule;

let loading: Promise<MapLibre> | undefined;

export function loadMapLibre(): Promise<MapLibre> {
  loading ??= import("maplibre-gl").then((maplibre) => {
    maplibre.setWorkerUrl(new URL(workerUrl, window.location.href).href);
    return maplibre;
  });
  return loading;
}

let hasPmtiles = false;

/**
 * Readies MapLibre for a style: a style served by this site (the self-hosted
 * basemap) reads its tiles from a PMTiles file, whose `pmtiles://` protocol
 * is registered first; other styles need nothing more.
 */
export async function prepareStyle(maplibre: MapLibre, styleUrl: string): Promise<void> {
  const isOwn = new URL(styleUrl, window.location.href).origin === window.location.origin;
  if (!isOwn || hasPmtiles) return;
  const { Protocol } = await import("pmtiles");
  maplibre.addProtocol("pmtiles", new Protocol().tile);
  hasPmtiles = true;
}

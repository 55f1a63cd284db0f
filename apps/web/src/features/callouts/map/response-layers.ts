import type { FeatureCollection, Point } from "geojson";
import type { GeoJSONSource, Map as MapLibreMap, MapGeoJSONFeature } from "maplibre-gl";
import type { LocatedResponse } from "./map-api";

/** The map's own source and layers of responses (clusters, their counts, single responses, the selection ring). */
const SOURCE = "responses";
export const CLUSTER_LAYER = "response-clusters";
const COUNT_LAYER = "response-cluster-counts";
export const POINT_LAYER = "response-points";
const SELECTED_LAYER = "response-selected";

/** The theme colour for a map layer (MapLibre reads hex and rgb), else a neutral blue. */
function themeColour(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return /^(#[0-9a-f]{3,8}|rgba?\([^)]*\))$/i.test(value) ? value : fallback;
}

function featureCollection(responses: readonly LocatedResponse[]): FeatureCollection<Point> {
  return {
    type: "FeatureCollection",
    features: responses.flatMap((response) =>
      response.point
        ? [
            {
              type: "Feature" as const,
              id: response.number,
              geometry: { type: "Point" as const, coordinates: response.point },
              properties: { number: response.number },
            },
          ]
        : [],
    ),
  };
}

export function addResponseLayers(map: MapLibreMap, responses: readonly LocatedResponse[]): void {
  const colour = themeColour("--color-primary", "#1d4ed8");
  map.addSource(SOURCE, {
    type: "geojson",
    data: featureCollection(responses),
    cluster: true,
    clusterRadius: 40,
    // Responses close together stay one cluster up to the map's last zoom, where a click opens them.
    clusterMaxZoom: Math.ceil(map.getMaxZoom()),
    maxzoom: 24,
  });
  map.addLayer({
    id: CLUSTER_LAYER,
    type: "circle",
    source: SOURCE,
    filter: ["has", "point_count"],
    paint: {
      "circle-color": colour,
      "circle-opacity": 0.85,
      "circle-radius": ["step", ["get", "point_count"], 14, 10, 19, 50, 25, 250, 32],
      "circle-stroke-width": 2,
      "circle-stroke-color": "#ffffff",
    },
  });
  // Counts need the style's fonts; a style without any shows the circles alone.
  if (map.getStyle().glyphs) {
    map.addLayer({
      id: COUNT_LAYER,
      type: "symbol",
      source: SOURCE,
      filter: ["has", "point_count"],
      layout: { "text-field": ["get", "point_count_abbreviated"], "text-size": 13 },
      paint: { "text-color": "#ffffff" },
    });
  }
  map.addLayer({
    id: POINT_LAYER,
    type: "circle",
    source: SOURCE,
    filter: ["!", ["has", "point_count"]],
    paint: {
      "circle-color": colour,
      "circle-radius": 7,
      "circle-stroke-width": 2,
      "circle-stroke-color": "#ffffff",
    },
  });
  map.addLayer({
    id: SELECTED_LAYER,
    type: "circle",
    source: SOURCE,
    filter: ["==", ["get", "number"], -1],
    paint: {
      "circle-color": "rgba(0,0,0,0)",
      "circle-radius": 12,
      "circle-stroke-width": 3,
      "circle-stroke-color": "#dc2626",
    },
  });
}

export function setResponses(map: MapLibreMap, responses: readonly LocatedResponse[]): void {
  void map.getSource<GeoJSONSource>(SOURCE)?.setData(featureCollection(responses));
}

/** Rings the selected response (when it is shown on its own). */
export function setSelectedResponse(map: MapLibreMap, responseNumber: number | undefined): void {
  if (!map.getLayer(SELECTED_LAYER)) return;
  map.setFilter(SELECTED_LAYER, [
    "all",
    ["!", ["has", "point_count"]],
    ["==", ["get", "number"], responseNumber ?? -1],
  ]);
}

/** The zoom at which a cluster splits, and the numbers of all its responses. */
export async function clusterDetails(
  map: MapLibreMap,
  feature: MapGeoJSONFeature,
): Promise<{ expansionZoom: number; numbers: number[] }> {
  const source = map.getSource<GeoJSONSource>(SOURCE);
  const clusterId = Number(feature.properties.cluster_id);
  if (!source) return { expansionZoom: map.getZoom(), numbers: [] };
  const [expansionZoom, leaves] = await Promise.all([
    source.getClusterExpansionZoom(clusterId),
    source.getClusterLeaves(clusterId, Number.MAX_SAFE_INTEGER, 0),
  ]);
  return { expansionZoom, numbers: leaves.map((leaf) => Number(leaf.properties?.number)) };
}

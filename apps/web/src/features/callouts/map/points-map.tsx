import type { Map as MapLibreMap } from "maplibre-gl";
import { useCallback } from "react";
import type { MapLibre } from "./load-maplibre";
import { MapCanvas } from "./map-canvas";

interface PointsMapProps {
  /** The basemap's style; null draws the built-in world. */
  styleUrl: string | null;
  points: readonly { lat: number; lng: number }[];
  label: string;
}

/** A small map with a dot on each point, fitted to them (MapLibre loads with it). */
export function PointsMap({ styleUrl, points, label }: PointsMapProps) {
  const onReady = useCallback(
    (map: MapLibreMap, maplibre: MapLibre) => {
      map.addSource("summary-points", {
        type: "geojson",
        data: {
          type: "FeatureCollection",
          features: points.map((point) => ({
            type: "Feature",
            properties: {},
            geometry: { type: "Point", coordinates: [point.lng, point.lat] },
          })),
        },
      });
      map.addLayer({
        id: "summary-points",
        type: "circle",
        source: "summary-points",
        paint: {
          "circle-radius": 5,
          "circle-color": "#dc2626",
          "circle-opacity": 0.75,
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 1,
        },
      });
      if (points.length > 0) {
        const bounds = new maplibre.LngLatBounds();
        for (const point of points) bounds.extend([point.lng, point.lat]);
        map.fitBounds(bounds, { padding: 32, maxZoom: 12, duration: 0 });
      }
    },
    // The first points only: a new set of points draws a new map (the caller keys it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return (
    <MapCanvas
      styleUrl={styleUrl}
      settings={{ center: [0, 20], zoom: 1 }}
      onReady={onReady}
      label={label}
      className="h-64 w-full overflow-hidden rounded-lg ring-1 ring-body/20"
    />
  );
}

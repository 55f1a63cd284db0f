import type { Map as MapLibreMap, Marker } from "maplibre-gl";
import { useCallback, useEffect, useRef } from "react";
import type { GeocodeFeature } from "@cohort/common/geocoding";
import type { MapLibre } from "./load-maplibre";
import { MapCanvas } from "./map-canvas";
import { PlaceSearch } from "./place-search";

interface MapPreviewProps {
  /** The saved basemap's style; null draws the built-in world. */
  styleUrl: string | null;
  center: [number, number];
  zoom: number;
  /** Whether address search is set up (saved), so the search box can find places. */
  canSearch: boolean;
  label: string;
  /** A click, or a place found: the new centre, and the zoom the map shows. */
  onPick: (center: [number, number], zoom: number) => void;
}

/**
 * Settings → Maps' preview (MapLibre loads with it, decision 036): the saved
 * basemap, with a pin on the organisation's centre. A click or a place found
 * by the search moves the pin; the map's zoom goes with it.
 */
export function MapPreview({ styleUrl, center, zoom, canSearch, label, onPick }: MapPreviewProps) {
  const ready = useRef<{ map: MapLibreMap; marker: Marker } | null>(null);
  const latest = useRef(onPick);
  useEffect(() => {
    latest.current = onPick;
  });

  const onReady = useCallback(
    (map: MapLibreMap, maplibre: MapLibre) => {
      const marker = new maplibre.Marker({ color: "#dc2626" }).setLngLat(center).addTo(map);
      ready.current = { map, marker };
      map.getCanvas().style.cursor = "crosshair";
      map.on("click", (event) => {
        marker.setLngLat(event.lngLat);
        latest.current([event.lngLat.lng, event.lngLat.lat], map.getZoom());
      });
      return () => {
        ready.current = null;
      };
    },
    // The first centre only: later ones come from the map itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const choose = (place: GeocodeFeature) => {
    const current = ready.current;
    const nextZoom = Math.max(10, current?.map.getZoom() ?? zoom);
    current?.marker.setLngLat(place.center);
    current?.map.flyTo({ center: place.center, zoom: nextZoom });
    latest.current(place.center, nextZoom);
  };

  return (
    <div className="space-y-2">
      {canSearch && <PlaceSearch countries={undefined} onChoose={choose} />}
      <MapCanvas
        key={styleUrl ?? "world"}
        styleUrl={styleUrl}
        settings={{ center, zoom }}
        onReady={onReady}
        label={label}
        className="h-72 w-full overflow-hidden rounded-lg ring-1 ring-body/20"
      />
    </div>
  );
}

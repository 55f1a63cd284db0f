import type { Map as MapLibreMap, Marker } from "maplibre-gl";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AddressAnswer } from "@cohort/common/callout-form";
import type { GeocodeFeature } from "@cohort/common/geocoding";
import { WORLD_VIEW } from "@cohort/common/geocoding";
import type { Locale } from "@cohort/common/i18n";
import { activateLocale } from "../../../app/i18n/i18n";
import { Skeleton } from "../../../ui/skeleton";
import { addressAnswer } from "./address-pattern";
import type { MapLibre } from "./load-maplibre";
import { answerPoint, placesAt } from "./map-api";
import { MapCanvas } from "./map-canvas";
import { PlaceSearch } from "./place-search";
import { useMapStyleUrl } from "./use-map-style-url";

interface AddressPickerProps {
  value: AddressAnswer | undefined;
  onChange: (answer: AddressAnswer) => void;
}

/**
 * The address component's map: a click or a found place sets the answer
 * (the place's name, the point, the places there). It uses the callout's map
 * settings when the page has loaded a callout that has them, else the
 * organisation's; without a basemap it draws the built-in world. A click
 * always sets the point, also when no address search answers: the address
 * typed keeps its text and gains the point (decision 057).
 */
export function AddressPicker({ value, onChange }: AddressPickerProps) {
  const { t, i18n } = useTranslation();
  const { styleUrl, settings, config, isPending } = useMapStyleUrl();
  // The picker's texts are in the messages public pages do not bundle (decision 008).
  const [hasMessages, setHasMessages] = useState(false);
  useEffect(() => {
    void activateLocale(i18n.language as Locale, true).then(() => setHasMessages(true));
  }, [i18n.language]);

  const firstValue = useRef(value);
  const ready = useRef<{ map: MapLibreMap; maplibre: MapLibre; marker?: Marker } | null>(null);
  const latest = useRef({ onChange, value, geocoding: false, language: i18n.language });
  useEffect(() => {
    latest.current = { onChange, value, geocoding: config?.geocoding.available ?? false, language: i18n.language };
  });

  const place = useCallback((point: { lng: number; lat: number }, features: readonly GeocodeFeature[]) => {
    const current = ready.current;
    if (current) {
      current.marker?.remove();
      current.marker = new current.maplibre.Marker({ color: "#dc2626" }).setLngLat(point).addTo(current.map);
    }
    const answer = addressAnswer(point, features);
    // Nothing found there (or nobody to ask): the text the reader typed stays, now with its point.
    const typed = latest.current.value?.formatted_address?.trim();
    latest.current.onChange(features.length === 0 && typed ? { ...answer, formatted_address: typed } : answer);
  }, []);

  const onReady = useCallback(
    (map: MapLibreMap, maplibre: MapLibre) => {
      ready.current = { map, maplibre };
      const start = answerPoint(firstValue.current);
      if (start) {
        ready.current.marker = new maplibre.Marker({ color: "#dc2626" }).setLngLat(start).addTo(map);
      }
      map.getCanvas().style.cursor = "crosshair";
      map.on("click", (event) => {
        const point = { lng: event.lngLat.lng, lat: event.lngLat.lat };
        const { geocoding, language } = latest.current;
        void (geocoding ? placesAt(point, language).catch(() => []) : Promise.resolve([])).then((features) =>
          place(point, features),
        );
      });
      return () => {
        ready.current = null;
      };
    },
    [place],
  );

  if (isPending || !hasMessages) return <Skeleton className="h-64 w-full" />;
  const start = answerPoint(value);
  const home = config?.view ?? WORLD_VIEW;
  const view = {
    center: start ?? settings?.center ?? home.center,
    zoom: start ? Math.max(15, settings?.initialZoom ?? 0) : (settings?.initialZoom ?? home.zoom),
    minZoom: settings?.minZoom,
    maxZoom: settings?.maxZoom,
    bounds: settings?.bounds,
  };
  return (
    <div className="mt-3 space-y-2">
      {config?.geocoding.available && (
        <PlaceSearch
          countries={settings?.geocodeCountries}
          onChoose={(found) => {
            ready.current?.map.flyTo({ center: found.center, zoom: Math.max(15, view.zoom) });
            place({ lng: found.center[0], lat: found.center[1] }, [found]);
          }}
        />
      )}
      <p className="text-sm text-body/70">{t("calloutMap.pickerHint")}</p>
      <MapCanvas
        styleUrl={styleUrl}
        settings={view}
        onReady={onReady}
        label={t("calloutMap.pickerLabel")}
        className="h-64 w-full overflow-hidden rounded-lg ring-1 ring-body/20"
      />
    </div>
  );
}

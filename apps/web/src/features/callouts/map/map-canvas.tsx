import type { LngLatBoundsLike, Map as MapLibreMap } from "maplibre-gl";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../ui/alert";
import { cx } from "../../../ui/class-names";
import { Spinner } from "../../../ui/spinner";
import type { MapLibre } from "./load-maplibre";
import { loadMapLibre, prepareStyle } from "./load-maplibre";
import { worldStyle } from "./world-style";
import type { MapView } from "./url-state";

export interface MapSettings extends MapView {
  minZoom?: number | undefined;
  maxZoom?: number | undefined;
  bounds?: LngLatBoundsLike | undefined;
}

interface MapCanvasProps {
  /** The basemap's style; null draws the built-in world, as does a basemap that cannot be read. */
  styleUrl: string | null;
  settings: MapSettings;
  /** Runs once the style has loaded; what it returns runs when the map goes. */
  onReady: (map: MapLibreMap, maplibre: MapLibre) => void | (() => void);
  className?: string;
  /** The map's name for screen readers. */
  label: string;
}

/** The furthest north and south a web map reaches. */
const MERCATOR_LAT = 85.0511;

/**
 * Bounds MapLibre can keep the map in: latitudes beyond the web map's ±85.05°
 * (the editor's whole world is ±90°) make it fail to draw at all, and bounds
 * around the whole world bound nothing.
 */
export function usableBounds(bounds: LngLatBoundsLike | undefined): LngLatBoundsLike | undefined {
  if (!Array.isArray(bounds) || bounds.length !== 2) return bounds;
  const [[west, south], [east, north]] = bounds as [[number, number], [number, number]];
  if (east - west >= 360) return undefined;
  const lat = (value: number) => Math.max(-MERCATOR_LAT, Math.min(MERCATOR_LAT, value));
  return [
    [west, lat(south)],
    [east, lat(north)],
  ];
}

/**
 * A MapLibre map, created once per style; the caller adds its layers in `onReady`. When there is
 * no basemap, or its style cannot be read (offline, a provider that is down, or refused), the map
 * draws the built-in world instead (decision 057); `data-map-base` says which it shows.
 */
export function MapCanvas({ styleUrl, settings, onReady, className, label }: MapCanvasProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [base, setBase] = useState<"basemap" | "world">(styleUrl ? "basemap" : "world");
  // The first values only: later changes of the view come from the map itself.
  const initial = useRef({ settings, onReady });

  useEffect(() => {
    let map: MapLibreMap | undefined;
    let cleanup: void | (() => void);
    let isGone = false;
    const { settings: first, onReady: ready } = initial.current;
    void (async () => {
      try {
        const maplibre = await loadMapLibre();
        if (styleUrl) await prepareStyle(maplibre, styleUrl);
        const style = styleUrl ?? (await worldStyle());
        if (isGone || !container.current) return;
        setBase(styleUrl ? "basemap" : "world");
        map = new maplibre.Map({
          container: container.current,
          style,
          center: first.center,
          zoom: first.zoom,
          ...(first.minZoom !== undefined && { minZoom: first.minZoom }),
          ...(first.maxZoom !== undefined && { maxZoom: first.maxZoom }),
          ...(usableBounds(first.bounds) !== undefined && { maxBounds: usableBounds(first.bounds) }),
          attributionControl: { compact: true },
        });
        map.addControl(new maplibre.NavigationControl({ showCompass: false }), "bottom-right");
        let isLoaded = false;
        let isWorld = !styleUrl;
        const loaded = () => {
          if (isLoaded || isGone || !map) return;
          isLoaded = true;
          cleanup = ready(map, maplibre);
          setState("ready");
        };
        // A basemap whose style cannot be read gives way to the built-in world; a missing tile later
        // does not. The world's data is in its style, so nothing it draws can fail to load.
        map.on("error", () => {
          if (isLoaded || isGone || !map || isWorld) return;
          isWorld = true;
          setBase("world");
          void worldStyle().then(
            (world) => {
              if (isGone || !map) return;
              map.once("style.load", loaded);
              map.setStyle(world);
            },
            () => {
              if (!isGone) setState("failed");
            },
          );
        });
        map.once("load", loaded);
      } catch {
        // No WebGL, or not even the built-in world could be read: the page says the map cannot be shown.
        if (!isGone) setState("failed");
      }
    })();
    return () => {
      isGone = true;
      if (cleanup) cleanup();
      map?.remove();
    };
  }, [styleUrl]);

  return (
    <div className={cx("relative", className)}>
      {/* Sized by its frame: MapLibre makes the container `position: relative`. */}
      <div
        ref={container}
        role="region"
        aria-label={label}
        className="h-full w-full"
        data-map-state={state}
        data-map-base={base}
      />
      {state === "loading" && (
        <div className="absolute inset-0 grid place-items-center bg-body/5">
          <Spinner className="size-8" />
          <span className="sr-only">{t("common.loading")}</span>
        </div>
      )}
      {state === "failed" && (
        <div className="absolute inset-0 grid place-items-center p-4">
          <Alert variant="error" title={t("calloutMap.mapFailed")} />
        </div>
      )}
    </div>
  );
}

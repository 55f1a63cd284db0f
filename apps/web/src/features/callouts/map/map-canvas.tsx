import type { LngLatBoundsLike, Map as MapLibreMap } from "maplibre-gl";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../ui/alert";
import { cx } from "../../../ui/class-names";
import { Spinner } from "../../../ui/spinner";
import type { MapLibre } from "./load-maplibre";
import { loadMapLibre, prepareStyle } from "./load-maplibre";
import type { MapView } from "./url-state";

export interface MapSettings extends MapView {
  minZoom?: number | undefined;
  maxZoom?: number | undefined;
  bounds?: LngLatBoundsLike | undefined;
}

interface MapCanvasProps {
  styleUrl: string;
  settings: MapSettings;
  /** Runs once the style has loaded; what it returns runs when the map goes. */
  onReady: (map: MapLibreMap, maplibre: MapLibre) => void | (() => void);
  className?: string;
  /** The map's name for screen readers. */
  label: string;
}

/** A MapLibre map, created once per style; the caller adds its layers in `onReady`. */
export function MapCanvas({ styleUrl, settings, onReady, className, label }: MapCanvasProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
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
        await prepareStyle(maplibre, styleUrl);
        if (isGone || !container.current) return;
        map = new maplibre.Map({
          container: container.current,
          style: styleUrl,
          center: first.center,
          zoom: first.zoom,
          ...(first.minZoom !== undefined && { minZoom: first.minZoom }),
          ...(first.maxZoom !== undefined && { maxZoom: first.maxZoom }),
          ...(first.bounds !== undefined && { maxBounds: first.bounds }),
          attributionControl: { compact: true },
        });
        map.addControl(new maplibre.NavigationControl({ showCompass: false }), "bottom-right");
        let isLoaded = false;
        // A style that cannot be read fails the map; a missing tile later does not.
        map.on("error", () => {
          if (!isLoaded && !isGone) setState("failed");
        });
        map.once("load", () => {
          isLoaded = true;
          if (isGone || !map) return;
          cleanup = ready(map, maplibre);
          setState("ready");
        });
      } catch {
        // No WebGL, or the style could not be read: the page says the map cannot be shown.
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
      <div ref={container} role="region" aria-label={label} className="h-full w-full" data-map-state={state} />
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

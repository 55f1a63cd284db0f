import { useQuery } from "@tanstack/react-query";
import type { Point } from "geojson";
import type { Map as MapLibreMap, Marker } from "maplibre-gl";
import type { ReactNode } from "react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useParams } from "react-router";
import { MapPinPlus } from "lucide-react";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import type { Callout, CalloutMap } from "@cohort/common/callouts";
import type { MapConfig } from "@cohort/common/geocoding";
import { publicCalloutQueryOptions } from "../../../api/callouts";
import { isClientError } from "../../../api/client-error";
import { useSession } from "../../../api/session";
import { isInFrame } from "../../../app/router/in-frame";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Skeleton } from "../../../ui/skeleton";
import type { SentResponse } from "../components/guest-confirmation-note";
import { answerState } from "../hooks/answer-state";
import { useCalloutLang } from "../hooks/use-callout-lang";
import { locationAnswers, UNKNOWN_ADDRESS } from "./address-pattern";
import { clusterAction, clusterEntries } from "./clusters";
import type { MapLibre } from "./load-maplibre";
import type { LocatedResponse } from "./map-api";
import { mapConfigQueryOptions, mapResponsesQueryOptions, mapStyleUrl, placesAt } from "./map-api";
import { MapCanvas } from "./map-canvas";
import { ResponseViewLayout } from "../views/response-view-layout";
import { MapSidePanel, ResponseDetails, SentDetails } from "./map-panels";
import { PlaceSearch } from "./place-search";
import { publicForm } from "./public-form";
import {
  addResponseLayers,
  CLUSTER_LAYER,
  clusterDetails,
  POINT_LAYER,
  setResponses,
  setSelectedResponse,
} from "./response-layers";
import { ADD_HASH, canAddLocation, parseMapUrl, responseHash, searchWithView } from "./url-state";
import "./map-page.css";

// The form and its notices load when someone adds a location; the form through the respond page,
// whose files the map page then shares (decision 036).
const RespondForm = lazy(() =>
  import("../pages/callout-respond-page").then((module) => ({ default: module.RespondForm })),
);
const AnswerPanel = lazy(() =>
  import("../components/answer-panel").then((module) => ({ default: module.AnswerPanel })),
);

/** `/callouts/:id/map`: the public responses on a map, and a way to add one by placing it. */
export function CalloutMapPage() {
  const { t, i18n } = useTranslation();
  const { id = "" } = useParams();
  const callout = useQuery(publicCalloutQueryOptions(id, i18n.language));
  const config = useQuery(mapConfigQueryOptions());

  if (callout.isPending || config.isPending) {
    return (
      <div aria-busy>
        <span className="sr-only">{t("common.loading")}</span>
        <Skeleton className="h-96 w-full" />
      </div>
    );
  }
  const isMissing = callout.isError && isClientError(callout.error) && callout.error.httpCode === 404;
  const map = callout.data?.responseViewSchema?.map;
  if (callout.isError || config.isError || !map) {
    return (
      <div className="mx-auto max-w-3xl p-6">
        <Alert
          variant="error"
          title={isMissing || (callout.data && !map) ? t("callouts.notFound") : t("errors.generic")}
        />
      </div>
    );
  }
  // Without a basemap the map draws the built-in world (decision 057).
  const styleUrl = mapStyleUrl(map, config.data);
  return <MapScreen callout={callout.data} map={map} config={config.data} styleUrl={styleUrl} />;
}

interface MapScreenProps {
  callout: Callout;
  map: CalloutMap;
  config: MapConfig;
  styleUrl: string | null;
}

type Picked =
  | { status: "locating" }
  | { status: "ready"; answers: CalloutAnswers; address: string }
  | ({ status: "sent" } & SentResponse);

function MapScreen({ callout, map: settings, config, styleUrl }: MapScreenProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSession();
  const isEmbedded = useMemo(() => isInFrame(), []);
  const url = parseMapUrl(location.search, location.hash);
  const [group, setGroup] = useState<number[]>([]);
  const [picked, setPicked] = useState<Picked | null>(null);
  const responses = useQuery(mapResponsesQueryOptions(callout.slug));
  const form = useMemo(() => callout.formSchema && publicForm(callout.formSchema), [callout.formSchema]);

  const canAdd = canAddLocation(location.search, callout.status === "open", settings.addressProp !== "");
  const isAdding = canAdd && url.isAdding;
  const selected = responses.data?.find((response) => response.number === url.responseNumber);

  const goTo = useCallback((hash: string) => void navigate({ search: window.location.search, hash }), [navigate]);

  const openResponse = useCallback(
    (responseNumber: number, inGroup?: number[]) => {
      if (inGroup) setGroup(inGroup);
      goTo(responseHash(responseNumber));
    },
    [goTo],
  );

  const { mapRef, onReady } = useResponseMap({
    settings,
    isAdding,
    geocoding: config.geocoding.available,
    responses: responses.data,
    selectedNumber: selected?.number,
    openResponse,
    onPicked: setPicked,
  });

  const close = () => {
    setGroup([]);
    setPicked(null);
    goTo("");
  };
  const startAdding = () => {
    setPicked(null);
    goTo(ADD_HASH);
  };
  const shareUrl = `${window.location.origin}/callouts/${callout.slug}`;

  let panel: ReactNode = null;
  if (isAdding) {
    panel = (
      <MapSidePanel label={t("calloutMap.addLocation")} onClose={close}>
        <AddLocationPanel
          callout={callout}
          picked={picked}
          user={user}
          shareUrl={shareUrl}
          onSent={(sent) => setPicked({ status: "sent", ...sent })}
        />
      </MapSidePanel>
    );
  } else if (selected) {
    panel = (
      <MapSidePanel label={selected.title || `#${selected.number}`} onClose={close}>
        <ResponseDetails
          response={selected}
          form={form}
          callout={callout}
          group={group.includes(selected.number) ? group : [selected.number]}
          onOpen={(responseNumber) => openResponse(responseNumber)}
        />
      </MapSidePanel>
    );
  }

  const initial = {
    center: url.center ?? settings.center,
    zoom: url.zoom ?? settings.initialZoom,
    minZoom: settings.minZoom,
    maxZoom: settings.maxZoom,
    bounds: settings.bounds,
  };

  const addButton = (
    <Button size="sm" onClick={startAdding} icon={<MapPinPlus aria-hidden className="size-4" />}>
      {t("calloutMap.addLocation")}
    </Button>
  );

  return (
    <ResponseViewLayout
      callout={callout}
      view="map"
      actions={canAdd && addButton}
      getStarted={
        canAdd ? (
          <Button onClick={startAdding} icon={<MapPinPlus aria-hidden className="size-4" />}>
            {t("calloutMap.getStarted")}
          </Button>
        ) : undefined
      }
      panel={panel}
    >
      <MapCanvas
        styleUrl={styleUrl}
        settings={initial}
        onReady={onReady}
        label={t("calloutMap.mapLabel", { title: callout.title })}
        className="map-area h-full w-full"
      />
      {isAdding && config.geocoding.available && (
        <div className="map-overlay">
          <PlaceSearch
            countries={settings.geocodeCountries}
            onChoose={(place) =>
              mapRef.current?.map.flyTo({ center: place.center, zoom: Math.max(15, settings.initialZoom) })
            }
          />
        </div>
      )}
      {/* Inside a frame the header is gone: the button sits on the map. */}
      {isEmbedded && canAdd && !isAdding && <div className="map-overlay flex justify-end">{addButton}</div>}
      {responses.isError && (
        <div className="map-overlay">
          <Alert variant="error" title={t("errors.generic")} />
        </div>
      )}
    </ResponseViewLayout>
  );
}

interface AddLocationPanelProps {
  callout: Callout;
  picked: Picked | null;
  user: ReturnType<typeof useSession>;
  shareUrl: string;
  onSent: (sent: SentResponse) => void;
}

/** The steps of adding a location: place it, fill in the form, see the thanks. */
function AddLocationPanel({ callout, picked, user, shareUrl, onSent }: AddLocationPanelProps) {
  const { t } = useTranslation();
  const lang = useCalloutLang(callout);
  const state = answerState(callout, user);
  const form = callout.formSchema;
  if (picked?.status === "sent") {
    return <SentDetails callout={callout} shareUrl={shareUrl} confirmationEmail={picked.confirmationEmail} />;
  }
  if (state !== "can-answer" || !form) {
    return (
      <Suspense fallback={<Skeleton className="h-16 w-full" />}>
        <AnswerPanel callout={callout} />
      </Suspense>
    );
  }
  if (!picked) {
    return (
      <div className="space-y-2">
        <h2 className="text-xl font-bold tracking-tight">{t("calloutMap.addLocation")}</h2>
        <p>{t("calloutMap.clickToPlace")}</p>
      </div>
    );
  }
  if (picked.status === "locating") return <Skeleton className="h-24 w-full" />;
  return (
    <div className="space-y-4">
      <h2 lang={lang} className="text-xl font-bold tracking-tight">
        {callout.title}
      </h2>
      <p className="text-sm text-body/80">
        <span className="font-semibold">{t("calloutMap.placedAt")}</span> {picked.address}
      </p>
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <RespondForm
          key={JSON.stringify(picked.answers)}
          callout={{ ...callout, formSchema: form }}
          answers={picked.answers}
          onSent={onSent}
        />
      </Suspense>
    </div>
  );
}

interface ResponseMapOptions {
  settings: CalloutMap;
  isAdding: boolean;
  /** Whether a placed point is looked up as an address. */
  geocoding: boolean;
  responses: LocatedResponse[] | undefined;
  selectedNumber: number | undefined;
  openResponse: (responseNumber: number, inGroup?: number[]) => void;
  onPicked: (picked: Picked) => void;
}

/**
 * The map's side of the page: the responses drawn on it, the one selected, clicks that open a
 * response, zoom into a cluster or place a new location, and the view kept in the address.
 */
function useResponseMap({
  settings,
  isAdding,
  geocoding,
  responses,
  selectedNumber,
  openResponse,
  onPicked,
}: ResponseMapOptions) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const mapRef = useRef<{ map: MapLibreMap; maplibre: MapLibre; marker?: Marker } | null>(null);
  const [isMapReady, setIsMapReady] = useState(false);

  // Handlers registered once on the map read the page's latest state through this.
  const latest = useRef({ isAdding, settings, language: i18n.language, geocoding, onPicked });
  useEffect(() => {
    latest.current = { isAdding, settings, language: i18n.language, geocoding, onPicked };
  });

  const pick = useCallback(async (point: { lng: number; lat: number }) => {
    const current = latest.current;
    const ready = mapRef.current;
    if (ready) {
      ready.marker?.remove();
      ready.marker = new ready.maplibre.Marker({ color: "#dc2626" }).setLngLat(point).addTo(ready.map);
    }
    current.onPicked({ status: "locating" });
    const features = current.geocoding ? await placesAt(point, current.language).catch(() => []) : [];
    const answers = locationAnswers(current.settings, point, features);
    current.onPicked({ status: "ready", answers, address: features[0]?.placeName ?? UNKNOWN_ADDRESS });
  }, []);

  const onReady = useCallback(
    (map: MapLibreMap, maplibre: MapLibre) => {
      mapRef.current = { map, maplibre };
      addResponseLayers(map, []);
      setIsMapReady(true);
      const maxZoom = map.getMaxZoom();
      map.on("click", (event) => {
        if (latest.current.isAdding) {
          void pick({ lng: event.lngLat.lng, lat: event.lngLat.lat });
          return;
        }
        const [feature] = map.queryRenderedFeatures(event.point, { layers: [CLUSTER_LAYER, POINT_LAYER] });
        if (!feature) return;
        if (feature.layer.id === POINT_LAYER) {
          const responseNumber = Number(feature.properties.number);
          openResponse(responseNumber, [responseNumber]);
          return;
        }
        void clusterDetails(map, feature).then(({ expansionZoom, numbers }) => {
          if (clusterAction(expansionZoom, maxZoom) === "zoom") {
            const center = (feature.geometry as Point).coordinates as [number, number];
            map.easeTo({ center, zoom: expansionZoom + 1 });
          } else {
            const entries = clusterEntries(numbers);
            if (entries[0] !== undefined) openResponse(entries[0], entries);
          }
        });
      });
      for (const layer of [CLUSTER_LAYER, POINT_LAYER]) {
        map.on("mouseenter", layer, () => {
          if (!latest.current.isAdding) map.getCanvas().style.cursor = "pointer";
        });
        map.on("mouseleave", layer, () => {
          if (!latest.current.isAdding) map.getCanvas().style.cursor = "";
        });
      }
      map.on("moveend", () => {
        const center = map.getCenter();
        const search = searchWithView(window.location.search, {
          center: [center.lng, center.lat],
          zoom: map.getZoom(),
        });
        void navigate({ search, hash: window.location.hash }, { replace: true });
      });
      return () => {
        mapRef.current = null;
      };
    },
    [navigate, openResponse, pick],
  );

  useEffect(() => {
    if (isMapReady && mapRef.current && responses) setResponses(mapRef.current.map, responses);
  }, [isMapReady, responses]);

  useEffect(() => {
    if (isMapReady && mapRef.current) setSelectedResponse(mapRef.current.map, selectedNumber);
  }, [isMapReady, selectedNumber]);

  useEffect(() => {
    const ready = mapRef.current;
    if (!isMapReady || !ready) return;
    ready.map.getCanvas().style.cursor = isAdding ? "crosshair" : "";
    if (!isAdding) ready.marker?.remove();
  }, [isMapReady, isAdding]);

  return { mapRef, onReady };
}

import { Suspense } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { BasemapKind, GeocoderKind, MapSettings, UpdateMapSettings } from "@cohort/common/geocoding";
import { basemapKinds, geocoderKinds } from "@cohort/common/geocoding";
import { settingsKeys, updateMapSettings } from "../../../../api/settings";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { Card } from "../../../../ui/card";
import { Skeleton } from "../../../../ui/skeleton";
import { TextField } from "../../../../ui/text-field";
import { LazyMapPreview, mapConfigQueryOptions, mapKeys } from "../../../callouts";
import { ChoiceGroup } from "../../shared/choice-group";
import { SettingsForm } from "../../shared/settings-form/settings-form";
import { useSettingsForm } from "../../shared/settings-form/use-settings-form";
import { BasemapFilePanel } from "./basemap-file-panel";
import { SavedMapKeys } from "./saved-map-keys";
import { settingsTab } from "./settings-tab";

interface MapFormValues {
  basemap: BasemapKind;
  geocoder: GeocoderKind;
  /** Typed keys; empty keeps the stored one (keys are never sent back). */
  maptilerKey: string;
  stadiaKey: string;
  photonUrl: string;
  center: [number, number];
  zoom: number;
}

const toValues = (saved: MapSettings): MapFormValues => ({
  basemap: saved.basemap,
  geocoder: saved.geocoder,
  maptilerKey: "",
  stadiaKey: "",
  photonUrl: saved.photonUrl,
  center: saved.center,
  zoom: saved.zoom,
});

const FIELDS = ["basemap", "geocoder", "maptilerKey", "stadiaKey", "photonUrl", "center", "zoom"] as const;

/** The changes to send: every choice, and only the keys that were typed. */
function changesOf(values: MapFormValues): UpdateMapSettings {
  return {
    basemap: values.basemap,
    geocoder: values.geocoder,
    photonUrl: values.photonUrl.trim(),
    center: values.center,
    zoom: Math.round(values.zoom * 100) / 100,
    ...(values.maptilerKey.trim() ? { maptilerKey: values.maptilerKey.trim() } : {}),
    ...(values.stadiaKey.trim() ? { stadiaKey: values.stadiaKey.trim() } : {}),
  };
}

/** The choices of one group, each with what it sends to whom. */
const choices = <Kind extends string>(t: TFunction, group: string, kinds: readonly Kind[]) =>
  kinds.map((kind) => ({
    value: kind,
    label: t(`adminSettings.maps.${group}.${kind}`),
    description: t(`adminSettings.maps.${group}.${kind}Sends`),
  }));

/**
 * Settings → Maps (decision 057): where the maps' background comes from, who
 * answers address searches, and where the maps start. Each choice says what
 * goes to whom; keys are written here and never shown again.
 */
export function MapSettingsForm({ content }: { content: MapSettings }) {
  const queryClient = useQueryClient();
  const settings = useSettingsForm({
    area: settingsTab,
    content,
    toValues,
    save: (values: MapFormValues) => updateMapSettings(changesOf(values)),
    queryKey: settingsKeys.maps,
    afterSave: async (saved) => {
      // A page keeps the security policy it was loaded with: new map hosts need the page loaded again.
      if (saved.hosts.join(" ") !== content.hosts.join(" ")) {
        window.location.reload();
        return;
      }
      await queryClient.invalidateQueries({ queryKey: mapKeys.config });
    },
    fields: FIELDS,
  });

  return (
    <SettingsForm settings={settings} className="max-w-3xl space-y-6">
      <BasemapCard content={content} />

      <SearchCard />

      <ViewCard content={content} />
    </SettingsForm>
  );
}

/** Where the maps' background comes from, with its file or keys. */
function BasemapCard({ content }: { content: MapSettings }) {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<MapFormValues>();
  const [basemap, geocoder] = useWatch({ control, name: ["basemap", "geocoder"] });
  const usesMaptiler = basemap === "maptiler" || geocoder === "maptiler";
  // A key is written, never shown: the field starts empty and says whether one is saved.
  const keyField = (name: "maptilerKey" | "stadiaKey", isSet: boolean) => (
    <TextField
      type="password"
      autoComplete="off"
      spellCheck={false}
      label={t(`adminSettings.maps.${name}`)}
      hint={isSet ? t("adminSettings.maps.keySet") : t("adminSettings.maps.keyNotSet")}
      error={translateValidationMessage(t, errors[name]?.message)}
      {...register(name)}
    />
  );
  return (
    <Card className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-lg font-bold">{t("adminSettings.maps.basemapTitle")}</h2>
        <p className="text-sm text-body/70">{t("adminSettings.maps.basemapIntro")}</p>
      </div>
      <ChoiceGroup
        legend={t("adminSettings.maps.basemapLegend")}
        choices={choices(t, "basemap", basemapKinds)}
        registration={register("basemap")}
      />
      {errors.basemap?.message && <p className="text-sm text-danger">{errors.basemap.message}</p>}
      {(basemap === "pmtiles" || content.pmtilesFile) && <BasemapFilePanel content={content} />}
      {usesMaptiler && keyField("maptilerKey", content.maptilerKeySet)}
      {basemap === "stadia" && keyField("stadiaKey", content.stadiaKeySet)}
      <SavedMapKeys content={content} />
    </Card>
  );
}

/** Who answers address searches. */
function SearchCard() {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<MapFormValues>();
  const geocoder = useWatch({ control, name: "geocoder" });
  return (
    <Card className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-lg font-bold">{t("adminSettings.maps.searchTitle")}</h2>
        <p className="text-sm text-body/70">{t("adminSettings.maps.searchIntro")}</p>
      </div>
      <ChoiceGroup
        legend={t("adminSettings.maps.searchLegend")}
        choices={choices(t, "geocoder", geocoderKinds)}
        registration={register("geocoder")}
      />
      {geocoder === "photon" && (
        <TextField
          type="url"
          spellCheck={false}
          label={t("adminSettings.maps.photonUrl")}
          placeholder="https://photon.example.org"
          error={translateValidationMessage(t, errors.photonUrl?.message)}
          {...register("photonUrl")}
        />
      )}
    </Card>
  );
}

/** Where the maps start, picked on a map. */
function ViewCard({ content }: { content: MapSettings }) {
  const { t } = useTranslation();
  const config = useQuery({ ...mapConfigQueryOptions(), staleTime: 0 });
  const {
    control,
    setValue,
    formState: { errors },
  } = useFormContext<MapFormValues>();
  const [center, zoom] = useWatch({ control, name: ["center", "zoom"] });
  return (
    <Card className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-bold">{t("adminSettings.maps.viewTitle")}</h2>
        <p className="text-sm text-body/70">{t("adminSettings.maps.viewIntro")}</p>
      </div>
      <p className="text-sm" aria-live="polite" data-testid="map-centre">
        {t("adminSettings.maps.viewNow", {
          lng: center[0].toFixed(5),
          lat: center[1].toFixed(5),
          zoom: zoom.toFixed(1),
        })}
      </p>
      {errors.center?.message && <p className="text-sm text-danger">{errors.center.message}</p>}
      {config.data ? (
        <Suspense fallback={<Skeleton className="h-72 w-full" />}>
          <LazyMapPreview
            styleUrl={config.data.basemap.styleUrl}
            center={content.center}
            zoom={content.zoom}
            canSearch={config.data.geocoding.available}
            label={t("adminSettings.maps.previewLabel")}
            onPick={(next, nextZoom) => {
              setValue("center", next, { shouldDirty: true });
              setValue("zoom", nextZoom, { shouldDirty: true });
            }}
          />
        </Suspense>
      ) : (
        <Skeleton className="h-72 w-full" />
      )}
      <p className="text-sm text-body/70">{t("adminSettings.maps.previewHint")}</p>
    </Card>
  );
}

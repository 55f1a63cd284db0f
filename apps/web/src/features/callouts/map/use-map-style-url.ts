import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { CalloutMap } from "@cohort/common/callouts";
import type { MapConfig } from "@cohort/common/geocoding";
import { publicCalloutQueryOptions } from "../../../api/callouts";
import { mapConfigQueryOptions, mapStyleUrl } from "./map-api";

export interface MapStyle {
  /** What to draw the map with (see `mapStyleUrl`); null when there is nothing, or nothing was asked. */
  styleUrl: string | null;
  /** The map settings of the route's callout, when it has them. */
  settings: CalloutMap | undefined;
  /** What the site's maps may use; undefined until it is read. */
  config: MapConfig | undefined;
  /** The callout or the map settings are still being read. */
  isPending: boolean;
}

/**
 * The map style of the route's callout (`:id`): its own, else the organisation's basemap. The
 * callout comes from the cache its page filled; the map settings are read once and kept. Outside a
 * callout's route only the basemap counts. With `enabled: false` nothing is read and there is no style.
 */
export function useMapStyleUrl({ enabled = true }: { enabled?: boolean } = {}): MapStyle {
  const { i18n } = useTranslation();
  const { id = "" } = useParams();
  const hasCallout = id !== "";
  const callout = useQuery({ ...publicCalloutQueryOptions(id, i18n.language), enabled: enabled && hasCallout });
  const config = useQuery({ ...mapConfigQueryOptions(), enabled });
  const settings = callout.data?.responseViewSchema?.map ?? undefined;
  return {
    styleUrl: enabled ? mapStyleUrl(settings, config.data) : null,
    settings,
    config: config.data,
    isPending: enabled && (config.isPending || (hasCallout && callout.isPending)),
  };
}

import { lazy } from "react";

/** The preview map of Settings → Maps; it and MapLibre load only when it shows (decision 036). */
export const LazyMapPreview = lazy(() => import("./map-preview").then((module) => ({ default: module.MapPreview })));

/** The map of located answers in an inbox's summary; it and MapLibre load only when it shows. */
export const LazyPointsMap = lazy(() => import("./points-map").then((module) => ({ default: module.PointsMap })));

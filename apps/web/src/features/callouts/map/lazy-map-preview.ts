import { lazy } from "react";

/** The preview map of Settings → Maps; it and MapLibre load only when it shows (decision 036). */
export const LazyMapPreview = lazy(() => import("./map-preview").then((module) => ({ default: module.MapPreview })));

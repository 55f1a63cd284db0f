import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Callout } from "@cohort/common/callouts";
import { linkClass } from "../../../ui/class-names";

/** The public views of a callout's answers that are switched on: its map and its gallery. */
export function responseViewPaths(callout: Pick<Callout, "slug" | "responseViewSchema">): {
  map?: string;
  gallery?: string;
} {
  const view = callout.responseViewSchema;
  const base = `/callouts/${encodeURIComponent(callout.slug)}`;
  return {
    ...(view?.map ? { map: `${base}/map` } : {}),
    ...(view?.gallery ? { gallery: `${base}/gallery` } : {}),
  };
}

/** Links from the callout's page to its map and gallery, when they are on. */
export function ResponseViewLinks({ callout }: { callout: Callout }) {
  const { t } = useTranslation();
  const paths = responseViewPaths(callout);
  if (!paths.map && !paths.gallery) return null;
  return (
    <nav aria-label={t("callouts.views.label")} className="flex flex-wrap gap-x-6 gap-y-2">
      {paths.map && (
        <Link to={paths.map} className={linkClass}>
          {t("callouts.views.map")}
        </Link>
      )}
      {paths.gallery && (
        <Link to={paths.gallery} className={linkClass}>
          {t("callouts.views.gallery")}
        </Link>
      )}
    </nav>
  );
}

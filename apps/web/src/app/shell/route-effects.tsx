import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { useGeneralContent } from "../../api/content";
import { currentRouteMeta } from "../router/route-meta";
import { useOwnPageTitle } from "./page-title";

/** Document title and scroll position, kept in step with the current route. */
export function RouteEffects() {
  const { t } = useTranslation();
  const { organisationName } = useGeneralContent();
  const meta = currentRouteMeta(useMatches());
  const lastRouteName = useRef<string | undefined>(undefined);

  const ownTitle = useOwnPageTitle();
  const pageTitle = ownTitle ?? (meta?.pageTitle ? t(meta.pageTitle) : undefined);
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${organisationName}` : organisationName;
  }, [pageTitle, organisationName]);

  const routeName = meta?.name;
  useEffect(() => {
    if (lastRouteName.current !== undefined && lastRouteName.current !== routeName) {
      window.scrollTo({ top: 0, left: 0 });
    }
    lastRouteName.current = routeName;
  }, [routeName]);

  return null;
}

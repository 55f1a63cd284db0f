import type { ReactNode } from "react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { Images, Map as MapIcon } from "lucide-react";
import type { Locale } from "@cohort/common/i18n";
import type { Callout } from "@cohort/common/callouts";
import { useGeneralContent } from "../../../api/content";
import { isInFrame } from "../../../app/router/in-frame";
import { usePageTitle } from "../../../app/shell/page-title";
import { linkClass } from "../../../ui/class-names";
import { linkButtonClass } from "../../../ui/link-button-class";
import { Select } from "../../../ui/select";
import { calloutLocales, useCalloutLang } from "../hooks/use-callout-lang";
import { IntroDetails, MapSidePanel } from "../map/map-panels";
import { useMapStyleUrl } from "../map/use-map-style-url";
import { showsIntro } from "../map/url-state";
import "../map/map-page.css";
import "./response-views.css";
import { siteUrl } from "../../../config";

export type ResponseView = "gallery" | "map";

interface ResponseViewLayoutProps {
  callout: Callout;
  view: ResponseView;
  /** What the header offers besides the view switch, e.g. the map's "Add location". */
  actions?: ReactNode;
  /** The intro's call to action; by default a link to the callout's form while it is open. */
  getStarted?: ReactNode;
  /** The open response's panel; it replaces the intro. */
  panel?: ReactNode;
  children: ReactNode;
}

const switchClass =
  "focus-ring inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold hover:bg-body/8";

/**
 * `?lang=` links to the languages the callout has texts in, the current one selected: the page
 * exists to show the callout, and another language would show the same texts. Left out when there
 * is nothing else to choose.
 */
function LanguageMenu({ callout }: { callout: Callout }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { locale: organisationLocale } = useGeneralContent();
  const options = calloutLocales(callout, organisationLocale, i18n.language);
  const choose = (locale: Locale) => {
    const params = new URLSearchParams(location.search);
    params.set("lang", locale);
    // The language loads with the page, as any `?lang=` link does.
    void navigate({ search: `?${params.toString()}`, hash: location.hash });
  };
  if (options.length < 2) return null;
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <span className="sr-only">{t("calloutViews.language")}</span>
      <Select
        size="sm"
        value={i18n.language}
        onChange={(event) => choose(event.target.value as Locale)}
        className="max-w-36"
      >
        {options.map((locale) => (
          <option key={locale} value={locale}>
            {t(`locales.${locale}`)}
          </option>
        ))}
      </Select>
    </label>
  );
}

/** Privacy, terms and impressum, where the organisation has them. */
function LegalLinks() {
  const { t } = useTranslation();
  const content = useGeneralContent();
  const links = [
    { text: t("footer.privacy"), url: content.privacyLink },
    { text: t("footer.terms"), url: content.termsLink },
    { text: t("footer.impressum"), url: content.impressumLink },
  ].filter((link) => link.url);
  if (links.length === 0) return null;
  return (
    <ul className="response-view-legal text-sm">
      {links.map((link) => (
        <li key={link.url}>
          <a href={link.url} className={linkClass} target="_blank" rel="noreferrer">
            {link.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The callout's address to pass on, in the visitor's language. */
function ShareBox({ callout }: { callout: Callout }) {
  const { t } = useTranslation();
  const url = siteUrl(`/callouts/${encodeURIComponent(callout.slug)}`);
  return (
    <p className="response-view-share space-y-1 rounded-xl p-3 text-sm">
      <span className="block font-semibold">{t("calloutMap.share")}</span>
      <a href={url} className={`${linkClass} break-all`}>
        {url}
      </a>
    </p>
  );
}

/**
 * The frame of a callout's map and gallery (reference sections 15.6–15.8):
 * a header with the title, the language menu, the switch to the other view
 * and the page's own actions, left out inside another site's frame; the
 * intro panel, open first unless `?noIntro` (inside a frame only with
 * `?intro`); and the open response's panel in its place.
 */
export function ResponseViewLayout({ callout, view, actions, getStarted, panel, children }: ResponseViewLayoutProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const isEmbedded = useMemo(() => isInFrame(), []);
  const lang = useCalloutLang(callout);
  usePageTitle(callout.title);
  const [isIntroOpen, setIsIntroOpen] = useState(() => showsIntro(location.search, isEmbedded));
  const settings = callout.responseViewSchema;
  const other: ResponseView = view === "gallery" ? "map" : "gallery";
  const otherMap = useMapStyleUrl({ enabled: other === "map" && Boolean(settings?.map) });
  const hasOther = other === "map" ? otherMap.styleUrl !== null : Boolean(settings?.gallery);
  const search = location.search;
  // Once another panel (a response, adding a location) has taken its place, the intro stays closed.
  if (panel && isIntroOpen) setIsIntroOpen(false);

  const intro = isIntroOpen && !panel && (
    <MapSidePanel label={callout.title} onClose={() => setIsIntroOpen(false)}>
      <IntroDetails
        callout={callout}
        action={
          getStarted ??
          (callout.status === "open" ? (
            <Link to={{ pathname: `/callouts/${callout.slug}/respond`, search }} className={linkButtonClass()}>
              {t("calloutMap.getStarted")}
            </Link>
          ) : null)
        }
      />
      <ShareBox callout={callout} />
      <LegalLinks />
    </MapSidePanel>
  );

  return (
    <div className="response-view flex flex-col" data-view={view} data-embedded={isEmbedded || undefined}>
      {!isEmbedded && (
        <header className="flex flex-wrap items-center gap-3 bg-white px-4 py-3 shadow-sm">
          {/* On a phone the title has a line of its own, above the controls. */}
          <h1 lang={lang} className="min-w-0 flex-1 basis-full truncate text-lg font-bold tracking-tight sm:basis-0">
            {callout.title}
          </h1>
          <LanguageMenu callout={callout} />
          {hasOther && (
            <Link to={{ pathname: `/callouts/${callout.slug}/${other}`, search }} className={switchClass}>
              {other === "map" ? <MapIcon aria-hidden className="size-4" /> : <Images aria-hidden className="size-4" />}
              {other === "map" ? t("calloutViews.map") : t("calloutMap.gallery")}
            </Link>
          )}
          {actions}
        </header>
      )}
      <div className="response-view-body relative min-h-0 flex-1">
        {/* First in the page's order as it is first on screen (left of the view; under the map on a phone, by CSS). */}
        {panel ?? intro}
        {children}
      </div>
    </div>
  );
}

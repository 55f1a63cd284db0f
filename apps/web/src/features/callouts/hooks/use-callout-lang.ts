import { useTranslation } from "react-i18next";
import type { Callout } from "@cohort/common/callouts";
import type { Locale } from "@cohort/common/i18n";
import { defaultLocale, isLocale, locales, localeTags } from "@cohort/common/i18n";
import { calloutVariant } from "../../../api/callouts";
import { useGeneralContent } from "../../../api/content";

/**
 * The locale a callout's texts are in on a page in `pageLocale`: the page's own when the callout
 * has a variant for it, else the organisation's, which its default texts are written in.
 */
export function calloutTextLocale(
  callout: Pick<Callout, "variantNames">,
  pageLocale: Locale,
  organisationLocale: Locale,
): Locale {
  const variant = calloutVariant(callout, pageLocale);
  return isLocale(variant) ? variant : organisationLocale;
}

/**
 * The languages a callout can be read in, in the site's order: those it has a variant for, the
 * organisation's (its default texts), and the page's current one, so that it stays a choice.
 */
export function calloutLocales(
  callout: Pick<Callout, "variantNames">,
  organisationLocale: Locale,
  currentLocale: string,
): Locale[] {
  const variants = new Set(callout.variantNames ?? []);
  return locales.filter((locale) => locale === currentLocale || locale === organisationLocale || variants.has(locale));
}

/**
 * The `lang` to put on a callout's own texts (title, intro, form, thanks): their language when it
 * is not the page's, so that screen readers pronounce them right; else undefined, and the page's
 * holds. Reads only the interface language and the cached settings, so it renders on the server too.
 */
export function useCalloutLang(callout: Pick<Callout, "variantNames">): string | undefined {
  const { i18n } = useTranslation();
  const { locale } = useGeneralContent();
  const pageLocale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const textTag = localeTags[calloutTextLocale(callout, pageLocale, locale)];
  return textTag === localeTags[pageLocale] ? undefined : textTag;
}

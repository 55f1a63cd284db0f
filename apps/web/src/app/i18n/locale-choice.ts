import type { Locale } from "@cohort/common/i18n";
import { chooseLocale, isLocale } from "@cohort/common/i18n";

/** Paths of the admin area, which has its own language variant. */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/**
 * Remembers a language forced with `?lang=` for the rest of the visit, so it
 * holds on the pages that follow as well.
 */
export function createLocalePicker() {
  let forcedLang: Locale | undefined;
  return (url: URL, organisationLocale: string | undefined): Locale => {
    const queryLang = url.searchParams.get("lang");
    if (isLocale(queryLang)) forcedLang = queryLang;
    return chooseLocale({ queryLang: forcedLang, organisationLocale, isAdminPath: isAdminPath(url.pathname) });
  };
}

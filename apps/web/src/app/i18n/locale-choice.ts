import type { Locale } from "@cohort/common/i18n";
import { chooseLocale, isLocale } from "@cohort/common/i18n";
import { forcedLocale, forceLocale } from "./page-locale";

/** Paths of the admin area, which has its own language variant. */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/**
 * Remembers a language forced with `?lang=` for the rest of the visit in
 * this tab (reloads and payment pages included), so it holds on the pages
 * that follow as well.
 */
export function createLocalePicker() {
  return (url: URL, organisationLocale: string | undefined): Locale => {
    const queryLang = url.searchParams.get("lang");
    if (isLocale(queryLang)) forceLocale(queryLang);
    return chooseLocale({ queryLang: forcedLocale(), organisationLocale, isAdminPath: isAdminPath(url.pathname) });
  };
}

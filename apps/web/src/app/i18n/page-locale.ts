import type { Locale } from "@cohort/common/i18n";
import { isLocale } from "@cohort/common/i18n";
import { sessionStorageIfAllowed } from "../shell/preload-recovery";

/** Where a language forced with `?lang=` is kept for the rest of the visit in this tab. */
const STORAGE_KEY = "cohort:lang";

let forced: Locale | undefined;

/**
 * The language forced with `?lang=` in this tab, if any. It outlives a reload
 * and a round trip through a payment provider's pages (decision 039); where
 * storage is blocked (some embedded frames), it lasts until a reload.
 */
export function forcedLocale(): Locale | undefined {
  const stored = forced ? null : sessionStorageIfAllowed()?.getItem(STORAGE_KEY);
  if (isLocale(stored)) forced = stored;
  return forced;
}

export function forceLocale(locale: Locale): void {
  forced = locale;
  try {
    sessionStorageIfAllowed()?.setItem(STORAGE_KEY, locale);
  } catch {
    // A full storage only costs the language after a reload.
  }
}

/** Forgets the forced language (tests). */
export function forgetForcedLocale(): void {
  forced = undefined;
  sessionStorageIfAllowed()?.removeItem(STORAGE_KEY);
}

export const locales = ["en", "de", "de@informal", "de@easy", "nl", "pt", "it", "ru"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The language the admin area uses for each locale. */
export const adminLocales: Record<Locale, Locale> = {
  en: "en",
  de: "de",
  "de@informal": "de@informal",
  "de@easy": "de",
  nl: "nl",
  pt: "en",
  it: "en",
  ru: "en",
};

/** BCP 47 tag for number, date and currency formats. */
export const localeTags: Record<Locale, string> = {
  en: "en-GB",
  de: "de-DE",
  "de@informal": "de-DE",
  "de@easy": "de-DE",
  nl: "nl-NL",
  pt: "pt-PT",
  it: "it-IT",
  ru: "ru-RU",
};

/**
 * Locale choice: the `lang` query first, then the organisation's locale,
 * else English; admin paths use the locale's admin variant.
 */
export function chooseLocale(input: {
  queryLang: string | null | undefined;
  organisationLocale: string | null | undefined;
  isAdminPath: boolean;
}): Locale {
  const base = isLocale(input.queryLang)
    ? input.queryLang
    : isLocale(input.organisationLocale)
      ? input.organisationLocale
      : defaultLocale;
  return input.isAdminPath ? adminLocales[base] : base;
}

import type { i18n as I18n } from "i18next";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { Locale } from "@cohort/common/i18n";
import { defaultLocale, localeTags } from "@cohort/common/i18n";
import en from "../../locales/en.json";

export type Messages = typeof en;

/** Every locale except English is fetched only when someone needs it. */
const localeModules = import.meta.glob<{ default: Messages }>(["../../locales/*.json", "!../../locales/en.json"]);

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: defaultLocale,
  fallbackLng: defaultLocale,
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

async function ensureMessages(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, "translation")) return;
  const load = localeModules[`../../locales/${locale}.json`];
  if (!load) throw new Error(`No messages for locale ${locale}`);
  const messages = await load();
  i18n.addResourceBundle(locale, "translation", messages.default);
}

/** Switches the whole interface to a locale, fetching its messages first. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.language === locale) return;
  await ensureMessages(locale);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = localeTags[locale];
}

import type { i18n as I18n } from "i18next";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { Locale } from "@cohort/common/i18n";
import { defaultLocale, isLocale, localeTags } from "@cohort/common/i18n";
import type englishMessages from "../../locales/en.json";
// English ships with the app, without the deferred namespaces (see message-split.ts and vite.config.ts).
import en from "virtual:cohort/public-messages";

export type Messages = typeof englishMessages;

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

/** Which deferred English texts have arrived (see message-split.ts). */
const loadedEnglish = { public: false, all: false };

/**
 * The deferred English texts, fetched when a page needs them: those of the
 * pages outside the admin area (`public`), or every text (`all`). English is
 * every locale's fallback, and the other locales' files hold all their texts.
 */
async function ensureEnglishMessages(which: "public" | "all"): Promise<void> {
  if (loadedEnglish.all || loadedEnglish[which]) return;
  const { default: messages } = await (which === "all"
    ? import("../../locales/en.json")
    : import("virtual:cohort/deferred-public-messages"));
  i18n.addResourceBundle("en", "translation", messages, true, true);
  loadedEnglish[which] = true;
}

/** The language the page shows; sent with a join or a response so the emails that follow use it. */
export function pageLocale(): Locale | undefined {
  return isLocale(i18n.language) ? i18n.language : undefined;
}

/** Fetches a locale's messages, and the deferred English texts when asked (see `activateLocale`). */
export async function loadMessages(locale: Locale, deferred: boolean | "public" | "all" = false): Promise<void> {
  if (deferred) await ensureEnglishMessages(deferred === "all" ? "all" : "public");
  await ensureMessages(locale);
}

/**
 * Switches the whole interface to a locale, fetching its messages first, and the deferred English
 * texts when asked: `true` or `"public"` for those of pages outside the admin area, `"all"` for every one.
 */
export async function activateLocale(locale: Locale, deferred: boolean | "public" | "all" = false): Promise<void> {
  await loadMessages(locale, deferred);
  if (i18n.language === locale) return;
  await i18n.changeLanguage(locale);
  document.documentElement.lang = localeTags[locale];
}

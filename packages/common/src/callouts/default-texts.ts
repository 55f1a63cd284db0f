import type { Locale } from "../i18n/index.js";
import { isLocale } from "../i18n/index.js";

/** The texts a callout shows where its admin kept the default wording (decision 039). */
export interface CalloutDefaultTexts {
  prevText: string;
  nextText: string;
  submitText: string;
  thanksTitle: string;
}
export type CalloutDefaultTextName = keyof CalloutDefaultTexts;

/** The default wording in each locale, the same as the respond page's own buttons and thank-you title. */
export const calloutDefaultTexts: Record<Locale, CalloutDefaultTexts> = {
  en: { prevText: "Back", nextText: "Next", submitText: "Send", thanksTitle: "Thank you!" },
  de: { prevText: "Zurück", nextText: "Weiter", submitText: "Absenden", thanksTitle: "Vielen Dank!" },
  "de@informal": { prevText: "Zurück", nextText: "Weiter", submitText: "Absenden", thanksTitle: "Vielen Dank!" },
  "de@easy": { prevText: "Zurück", nextText: "Weiter", submitText: "Schicken", thanksTitle: "Vielen Dank!" },
  nl: { prevText: "Terug", nextText: "Volgende", submitText: "Versturen", thanksTitle: "Bedankt!" },
  pt: { prevText: "Voltar", nextText: "Seguinte", submitText: "Enviar", thanksTitle: "Obrigado!" },
  it: { prevText: "Indietro", nextText: "Avanti", submitText: "Invia", thanksTitle: "Grazie!" },
  ru: { prevText: "Назад", nextText: "Далее", submitText: "Отправить", thanksTitle: "Спасибо!" },
};

/** Wording the callout builder once filled in by itself, beyond the texts above. */
const earlierDefaults: Partial<Record<CalloutDefaultTextName, readonly string[]>> = {
  submitText: ["Senden"],
};

const knownDefaults = Object.fromEntries(
  (["prevText", "nextText", "submitText", "thanksTitle"] as const).map((name) => [
    name,
    new Set([...Object.values(calloutDefaultTexts).map((texts) => texts[name]), ...(earlierDefaults[name] ?? [])]),
  ]),
) as Record<CalloutDefaultTextName, Set<string>>;

/**
 * Whether a stored callout text means "the default": empty, or a default
 * wording in any language (the builder once wrote its defaults in the
 * admin's language when the callout was made).
 */
export function isCalloutDefaultText(name: CalloutDefaultTextName, stored: string | undefined): boolean {
  const text = stored?.trim() ?? "";
  return text === "" || knownDefaults[name].has(text);
}

/**
 * A callout text in the variant's language: a text the admin left empty or
 * at a default becomes that language's default; their own wording stays.
 */
export function calloutTextIn(locale: Locale, name: CalloutDefaultTextName, stored: string | undefined): string {
  return isCalloutDefaultText(name, stored) ? calloutDefaultTexts[locale][name] : (stored ?? "");
}

/** The language a variant is written in: its own name when that is a locale, else the organisation's. */
export function variantLocale(variantName: string, organisationLocale: Locale): Locale {
  return isLocale(variantName) ? variantName : organisationLocale;
}

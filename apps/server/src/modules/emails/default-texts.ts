import type { EmailTemplateId } from "@cohort/common/emails";
import type { Locale } from "@cohort/common/i18n";
import easyGerman from "../../locales/emails/de@easy.json" with { type: "json" };
import informalGerman from "../../locales/emails/de@informal.json" with { type: "json" };
import german from "../../locales/emails/de.json" with { type: "json" };
import english from "../../locales/emails/en.json" with { type: "json" };
import italian from "../../locales/emails/it.json" with { type: "json" };
import dutch from "../../locales/emails/nl.json" with { type: "json" };
import portuguese from "../../locales/emails/pt.json" with { type: "json" };
import russian from "../../locales/emails/ru.json" with { type: "json" };
import type { TemplateText } from "../../lib/email-render.js";

/**
 * The shape every locale file has, derived from the English file: a key
 * missing from a locale, or an email missing from English, fails the
 * typecheck here; `test/email-texts.test.ts` also refuses keys no email has
 * and checks each text keeps the English merge tags.
 */
type EmailTexts = Record<keyof typeof english, TemplateText>;

/** The built-in English texts; every other locale without its own text falls back to these. */
export const englishTexts: Record<EmailTemplateId, TemplateText> = english satisfies EmailTexts;

/**
 * The built-in wording of every email in every locale, kept as JSON in
 * `src/locales/emails/<locale>.json` (decision 078). The wording's choices:
 * `de` the formal "Sie", `de@informal` "du", `de@easy` Leichte Sprache (short
 * sentences, one idea each, everyday words), `nl` the "je"-vorm, `it` the
 * informal "tu", `pt` European Portuguese, `ru` the polite "вы" — each as the
 * web app's locale of the same name.
 */
export const builtInTexts: Record<Locale, Record<EmailTemplateId, TemplateText>> = {
  en: englishTexts,
  de: german satisfies EmailTexts,
  "de@informal": informalGerman satisfies EmailTexts,
  "de@easy": easyGerman satisfies EmailTexts,
  nl: dutch satisfies EmailTexts,
  pt: portuguese satisfies EmailTexts,
  it: italian satisfies EmailTexts,
  ru: russian satisfies EmailTexts,
};

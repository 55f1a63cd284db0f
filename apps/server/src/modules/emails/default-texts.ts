import type { EmailTemplateId } from "@cohort/common/emails";
import type { Locale } from "@cohort/common/i18n";
import { easyGermanTexts } from "./default-texts-de-easy.js";
import { informalGermanTexts } from "./default-texts-de-informal.js";
import { germanTexts } from "./default-texts-de.js";
import { englishTexts } from "./default-texts-en.js";
import { italianTexts } from "./default-texts-it.js";
import { dutchTexts } from "./default-texts-nl.js";
import { portugueseTexts } from "./default-texts-pt.js";
import { russianTexts } from "./default-texts-ru.js";
import type { TemplateText } from "./render.js";

/**
 * The built-in wording of every email in every locale. The types make each
 * locale name every email, and a test checks there is nothing more and that
 * each keeps the English merge tags.
 */
export const builtInTexts: Record<Locale, Record<EmailTemplateId, TemplateText>> = {
  en: englishTexts,
  de: germanTexts,
  "de@informal": informalGermanTexts,
  "de@easy": easyGermanTexts,
  nl: dutchTexts,
  pt: portugueseTexts,
  it: italianTexts,
  ru: russianTexts,
};

import { describe, expect, it } from "vitest";
import type { EmailTemplateId } from "@cohort/common/emails";
import { emailTemplateIds, MERGE_TAG_PATTERN } from "@cohort/common/emails";
import type { Locale } from "@cohort/common/i18n";
import { locales } from "@cohort/common/i18n";
import { builtInTexts } from "../src/modules/emails/default-texts.js";
import { formatMergeValue } from "../src/modules/emails/merge-values.js";
import { renderEmail } from "../src/lib/email-render.js";

const DAY_FIELDS = ["EXPIRES", "STARTDATE", "DIGESTDATE"];

/** Every built-in email that writes a day, with the fields it names. */
const emailsWithDays = emailTemplateIds.filter((id) => {
  const { subject, body } = builtInTexts.en[id];
  return [...`${subject}\n${body}`.matchAll(MERGE_TAG_PATTERN)].some((match) => DAY_FIELDS.includes(match[1]!));
});

/** Renders a built-in email with every day on Thursday 2 December 2027 and the other fields as placeholders. */
function render(locale: Locale, templateId: EmailTemplateId) {
  const fields: Record<string, string> = {
    ORGNAME: "Ruhrblick",
    AMOUNT: formatMergeValue(templateId, "AMOUNT", 12, { locale, currencyCode: "EUR", period: "monthly" }),
    CALLOUTTITLE: "Parks",
    RESPONSECOUNT: "3",
  };
  for (const name of DAY_FIELDS) {
    fields[name] = formatMergeValue(templateId, name, "2027-12-02", { locale, currencyCode: "EUR" });
  }
  const rendered = renderEmail(builtInTexts[locale][templateId], fields, locale);
  return `${rendered.subject}\n${rendered.text}`;
}

/** The phrase around the day in each email, as a reader of each language expects to read it. */
const expected: Record<Locale, string[]> = {
  en: [
    "applies from Thursday, 2 December 2027.",
    "stays active until Thursday, 2 December 2027.",
    "“Parks” on Thursday, 2 December 2027: 3",
    "New responses on Thursday, 2 December 2027 (UTC): 3.",
  ],
  de: [
    "gilt ab Donnerstag, 2. Dezember 2027.",
    "bleibt bis Donnerstag, 2. Dezember 2027 aktiv.",
    "„Parks“ am Donnerstag, 2. Dezember 2027: 3",
    "Neue Antworten am Donnerstag, 2. Dezember 2027 (UTC): 3.",
  ],
  "de@informal": [
    "gilt ab Donnerstag, 2. Dezember 2027.",
    "bleibt bis Donnerstag, 2. Dezember 2027 aktiv.",
    "„Parks“ am Donnerstag, 2. Dezember 2027: 3",
    "Neue Antworten am Donnerstag, 2. Dezember 2027 (UTC): 3.",
  ],
  "de@easy": [
    "gilt ab: Donnerstag, 2. Dezember 2027",
    "Mitglied bis: Donnerstag, 2. Dezember 2027",
    "„Parks“ am Donnerstag, 2. Dezember 2027: 3",
    "Tag: Donnerstag, 2. Dezember 2027 (UTC)",
  ],
  nl: [
    "geldt vanaf donderdag 2 december 2027.",
    "blijft actief tot donderdag 2 december 2027.",
    "‘Parks’ op donderdag 2 december 2027: 3",
    "Nieuwe reacties op donderdag 2 december 2027 (UTC): 3.",
  ],
  pt: [
    "aplica-se a partir de 2 de dezembro de 2027.",
    "mantém-se ativa até 2 de dezembro de 2027.",
    "«Parks» em 2 de dezembro de 2027: 3",
    "Novas respostas em 2 de dezembro de 2027 (UTC): 3.",
  ],
  it: [
    "vale a partire da giovedì 2 dicembre 2027.",
    "resta attiva fino a giovedì 2 dicembre 2027.",
    "«Parks» di giovedì 2 dicembre 2027: 3",
    "Nuove risposte di giovedì 2 dicembre 2027 (UTC): 3.",
  ],
  ru: [
    "Он действует с 2 декабря 2027 г.",
    "остаётся активным до 2 декабря 2027 г.",
    "«Parks» за 2 декабря 2027 г.: 3",
    "Новых ответов за 2 декабря 2027 г. (UTC): 3.",
  ],
};

describe("emails that name a day", () => {
  it("are the contribution change, the cancellation, the payment reminder and the response digest", () => {
    expect(emailsWithDays).toEqual([
      "contribution-changed",
      "cancelled-contribution",
      "payment-reminder",
      "callout-response-digest",
    ]);
  });

  it.each(locales)("read naturally in %s", (locale) => {
    const texts = emailsWithDays.map((id) => render(locale, id)).join("\n");
    for (const phrase of expected[locale]) expect(texts).toContain(phrase);
  });

  it("never put a Russian weekday in the nominative after a preposition", () => {
    const weekdays = /(понедельник|вторник|сред|четверг|пятниц|суббот|воскресень)/i;
    for (const id of emailsWithDays) expect(render("ru", id)).not.toMatch(weekdays);
  });

  it("never put an article before an Italian weekday", () => {
    const weekday = "(lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)";
    for (const id of emailsWithDays) {
      expect(render("it", id)).not.toMatch(new RegExp(`\\b(al|dal|del|nel|il) ${weekday}`, "i"));
    }
  });
});

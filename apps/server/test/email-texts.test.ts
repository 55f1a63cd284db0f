import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allowedMergeFields, emailTemplateIds, MERGE_TAG_PATTERN } from "@cohort/common/emails";
import { locales } from "@cohort/common/i18n";
import { builtInTexts } from "../src/modules/emails/default-texts.js";

const tagsIn = (text: string) => [...new Set([...text.matchAll(MERGE_TAG_PATTERN)].map((match) => match[1]))].sort();

describe("the built-in email texts", () => {
  it("exist for every locale and nothing else", () => {
    expect(Object.keys(builtInTexts).sort()).toEqual([...locales].sort());
  });

  it("are read from one JSON file per locale and no other", () => {
    const folder = new URL("../src/locales/emails/", import.meta.url);
    expect(readdirSync(folder).sort()).toEqual(locales.map((locale) => `${locale}.json`).sort());
  });

  it.each(locales)("%s has every email and no other", (locale) => {
    expect(Object.keys(builtInTexts[locale]).sort()).toEqual([...emailTemplateIds].sort());
  });

  it.each(locales)("%s keeps the English merge tags and leaves no text empty", (locale) => {
    for (const id of emailTemplateIds) {
      const text = builtInTexts[locale][id];
      const english = builtInTexts.en[id];
      expect(text.subject.trim(), `${locale}: ${id}`).toBeTruthy();
      expect(text.body.trim(), `${locale}: ${id}`).toBeTruthy();
      expect(tagsIn(`${text.subject}\n${text.body}`), `${locale}: ${id}`).toEqual(
        tagsIn(`${english.subject}\n${english.body}`),
      );
      for (const tag of tagsIn(text.body)) expect(allowedMergeFields(id), `${locale}: ${id}`).toContain(tag);
    }
  });
});

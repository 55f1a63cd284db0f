import { describe, expect, it } from "vitest";
import { locales } from "@cohort/common/i18n";

const files = import.meta.glob<{ default: unknown }>("./*.json", { eager: true });

function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value === "string") return { [prefix]: value };
  if (typeof value !== "object" || value === null) throw new Error(`Unexpected value at ${prefix}`);
  return Object.entries(value).reduce<Record<string, string>>(
    (result, [key, child]) => ({ ...result, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

function messagesOf(locale: string): Record<string, string> {
  const file = files[`./${locale}.json`];
  if (!file) throw new Error(`No file for ${locale}`);
  return flatten(file.default);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe("locale files", () => {
  const english = messagesOf("en");

  it("exist for every supported locale and nothing else", () => {
    expect(Object.keys(files).sort()).toEqual(locales.map((locale) => `./${locale}.json`).sort());
  });

  it.each(locales.filter((locale) => locale !== "en"))("%s has exactly the English keys", (locale) => {
    expect(Object.keys(messagesOf(locale)).sort()).toEqual(Object.keys(english).sort());
  });

  it("ru names email the one Russian way, never with the English word", () => {
    const english = Object.entries(messagesOf("ru")).filter(([, text]) =>
      /\be-?mail\b/i.test(text.replace(/\{\{\s*\w+\s*\}\}/g, "")),
    );
    expect(english).toEqual([]);
  });

  it.each(locales)("%s uses the same placeholders as English and has no empty text", (locale) => {
    const messages = messagesOf(locale);
    for (const [key, text] of Object.entries(english)) {
      expect(messages[key]?.trim(), `${locale}: ${key}`).toBeTruthy();
      expect(placeholders(messages[key] ?? ""), `${locale}: ${key}`).toEqual(placeholders(text));
    }
  });
});

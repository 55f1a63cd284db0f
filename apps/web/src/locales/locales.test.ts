import { describe, expect, it } from "vitest";
import { locales } from "@cohort/common/i18n";

const files = import.meta.glob<{ default: unknown }>("./*.json", { eager: true });
const rawFiles = import.meta.glob<string>("./*.json", { eager: true, query: "?raw", import: "default" });

/**
 * Keys written twice in the same object ("a.b" for the second `b` inside `a`).
 * JSON.parse keeps the later one silently, so this reads the text itself.
 */
function duplicateKeys(text: string): string[] {
  const duplicates: string[] = [];
  /** One frame per open object or array: the keys seen so far and the path to it. */
  const frames: { keys: Set<string> | null; path: string; pendingKey: string | null }[] = [];
  let expectsKey = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    const frame = frames.at(-1);
    if (character === '"') {
      let end = index + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const value = JSON.parse(text.slice(index, end + 1)) as string;
      if (frame?.keys && expectsKey) {
        const path = frame.path ? `${frame.path}.${value}` : value;
        if (frame.keys.has(value)) duplicates.push(path);
        frame.keys.add(value);
        frame.pendingKey = path;
        expectsKey = false;
      }
      index = end;
    } else if (character === "{" || character === "[") {
      const path = frame?.keys ? (frame.pendingKey ?? "") : (frame?.path ?? "");
      frames.push({ keys: character === "{" ? new Set() : null, path, pendingKey: null });
      expectsKey = character === "{";
    } else if (character === "}" || character === "]") {
      frames.pop();
    } else if (character === ",") {
      expectsKey = Boolean(frame?.keys);
    }
  }
  return duplicates;
}

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

  it.each(locales)("%s names each key once in its object", (locale) => {
    const text = rawFiles[`./${locale}.json`];
    expect(text, locale).toBeTruthy();
    expect(duplicateKeys(text ?? "")).toEqual([]);
  });

  it("finds a key written twice in the same object", () => {
    expect(duplicateKeys('{"a": {"b": "x", "c": ["y", {"b": "z"}], "b": "w"}, "b": {"b": ""}}')).toEqual(["a.b"]);
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

/**
 * The translation of a form text (label, description, placeholder, option
 * label) from the variant's dictionary, matched exactly on the source text.
 * Falls back to the source when there is no translation or it is empty.
 */
export function translateText(text: string, componentText?: Record<string, string>): string {
  if (!componentText || !Object.hasOwn(componentText, text)) return text;
  const translation = componentText[text];
  return translation ? translation : text;
}

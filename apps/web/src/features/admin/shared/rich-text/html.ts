import { textToRichText } from "@cohort/common/rich-text";

/**
 * What the editor opens: HTML as it is; plain text (texts written before the editor, the
 * built-in email wordings) as paragraphs at blank lines with its line breaks kept, which is how
 * it was shown.
 */
export const toEditorHtml = textToRichText;

/** An attribute's quoted value, as the browser writes it (with `&amp;` and `&quot;` but `<` and `>` as they are). */
const ATTRIBUTE_VALUE = /="([^"]*)"/g;
/** Elements without content, once no attribute value holds a `>`. */
const VOID_ELEMENT = /<(br|hr|img)\b([^>]*)>/g;

/**
 * The editor's HTML as it is stored, written the way the server's sanitiser writes it, so that
 * saving changes nothing: an empty document is an empty text, non-breaking spaces are characters,
 * `<` and `>` in attribute values are entities, and elements without content close themselves.
 */
export function fromEditorHtml(html: string, isEmpty: boolean): string {
  if (isEmpty) return "";
  return html
    .replace(/&nbsp;/g, "\u00a0")
    .replace(ATTRIBUTE_VALUE, (_match, value: string) => `="${value.replace(/</g, "&lt;").replace(/>/g, "&gt;")}"`)
    .replace(
      VOID_ELEMENT,
      (_match, tag: string, attributes: string) => `<${tag}${attributes.replace(/\s*\/$/, "")} />`,
    );
}

import sanitizeHtml from "sanitize-html";
import { isRichText, richTextSanitizeOptions } from "@cohort/common/rich-text";

export { isRichText };

/**
 * The one place where HTML that people write (callout intros and thank-you
 * texts, content blocks and their translations, notices, email templates, and
 * any rich text to come) is made safe, on the server, before it is stored.
 * The rules themselves live in common (`richTextSanitizeOptions`), where the
 * admin's editor is checked against them: formatting, headings, lists, images
 * and links are kept; scripts, event handlers, styles, frames, forms and every
 * address that is not http(s) (mailto for links) or a path on this site
 * (uploaded images are served from `/uploads/…`) are dropped.
 */
const richTextOptions: sanitizeHtml.IOptions = richTextSanitizeOptions;

/** Rich text as it may be stored and shown. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, richTextOptions);
}

/**
 * For texts that are shown as plain text in some places and as HTML in others
 * (a form's translated texts are labels, or content blocks): a text in which no
 * markup can start is safe either way and is kept exactly as written, so
 * `Tom & Jerry` or `Age < 18` stay untouched; anything else is sanitised as
 * rich text.
 */
export function sanitizeTextOrHtml(text: string): string {
  return isRichText(text) ? sanitizeRichText(text) : text;
}

/** Where a line ends in the text of rich text: at a line break, and after a list item. */
const LINE_END = /<br\s*\/?>|<\/li\s*>/gi;
/** Where a paragraph ends: after a paragraph, heading, quote, figure or list, and at a rule. */
const PARAGRAPH_END = /<\/(?:p|h[1-6]|blockquote|figure|figcaption|ul|ol|div)\s*>|<hr\s*\/?>/gi;
/** What sanitize-html still writes as entities in text; `&amp;` goes last so `&amp;lt;` stays `&lt;`. */
const TEXT_ENTITIES: [RegExp, string][] = [
  [/&lt;/g, "<"],
  [/&gt;/g, ">"],
  [/&quot;/g, '"'],
  [/&amp;/g, "&"],
];

/**
 * Rich text (as `sanitizeRichText` stores it) as plain text, for places that
 * cannot show HTML (CSV files): tags dropped, entities decoded, paragraphs
 * separated by a blank line and line breaks kept as new lines. The text of
 * scripts and styles is dropped with them.
 */
export function richTextToPlainText(html: string): string {
  const marked = html.replace(LINE_END, "\n").replace(PARAGRAPH_END, "\n\n");
  let text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  for (const [entity, character] of TEXT_ENTITIES) text = text.replace(entity, character);
  return text
    .replace(/\u00a0/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

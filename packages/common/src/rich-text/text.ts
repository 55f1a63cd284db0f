/**
 * Where HTML can start: `<` then a letter, `/`, `!` or `?` (a tag, an end tag,
 * a comment or a declaration). Any other `<` is text to an HTML parser.
 */
const MARKUP_START = /<[A-Za-z/!?]/;

/**
 * True when markup can start in the text: it is (or is to be sanitised as)
 * rich text. A text without is plain text, kept and shown as written, so
 * `Tom & Jerry` or `Age < 18` stay untouched.
 */
export function isRichText(text: string): boolean {
  return MARKUP_START.test(text);
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const escapeText = (text: string) => text.replace(/[&<>]/g, (character) => ESCAPES[character]!);

/**
 * A stored text as rich text: HTML as it is; plain text (written before the
 * editor, or through the API) as paragraphs at blank lines with its line breaks
 * kept, which is how it was shown.
 */
export function textToRichText(text: string): string {
  if (text.trim() === "" || isRichText(text)) return text;
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => `<p>${paragraph.split("\n").map(escapeText).join("<br>")}</p>`)
    .join("");
}

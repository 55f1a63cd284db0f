import { textToRichText } from "@cohort/common/rich-text";
import { cx } from "./class-names";
import { SafeHtml } from "./safe-html";

interface RichTextProps {
  /** HTML written by the newsroom; the server sanitises it when the callout is saved, the page once more. */
  html: string;
  className?: string;
  /** Its `lang`, when it is in another language than the page. */
  lang?: string | undefined;
}

/** How formatted text looks: on the public pages and in the admin's editor alike. */
export const richTextClasses = cx(
  "space-y-3 leading-relaxed break-words",
  "[&_a]:font-semibold [&_a]:text-link-text [&_a]:underline [&_a]:underline-offset-4",
  "[&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-bold [&_h4]:font-bold [&_strong]:font-semibold",
  "[&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-body/20 [&_blockquote]:pl-4 [&_img]:h-auto [&_img]:max-w-full",
);

/** Formatted text of a callout: its introduction, content blocks, thank-you text. */
export function RichText({ html, className, lang }: RichTextProps) {
  return <SafeHtml html={html} lang={lang} className={cx(richTextClasses, className)} />;
}

interface StoredTextProps {
  /** The admin's text: rich text, or plain text written before the editor. */
  text: string;
  /** The standard wording, plain text, shown when the admin's text is empty. */
  fallback: string;
  className?: string;
}

/**
 * A text the admin may leave empty for the standard wording: theirs as formatted text (plain text
 * as paragraphs, its line breaks kept), the standard wording as it always was.
 */
export function StoredText({ text, fallback, className }: StoredTextProps) {
  if (text.trim() === "") return <p className={cx("whitespace-pre-line", className)}>{fallback}</p>;
  return <RichText html={textToRichText(text)} className={className} />;
}

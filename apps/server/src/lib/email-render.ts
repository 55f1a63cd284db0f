import { MERGE_TAG_PATTERN } from "@cohort/common/emails";
import { isRichText, richTextToPlainText } from "./html.js";

/**
 * An email's wording: a one-line subject and a body, both with `*|FIELD|*` merge tags. The body
 * is rich text as the admin's editor writes it (sanitised when saved), or plain text (the
 * built-in wordings and texts saved before the editor).
 */
export interface TemplateText {
  subject: string;
  body: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** Replaces each merge tag with its value; a tag without a value becomes empty. */
export function fillMergeTags(text: string, fields: Readonly<Record<string, string>>): string {
  return text.replace(MERGE_TAG_PATTERN, (_tag, name: string) => fields[name] ?? "");
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
/** Punctuation that usually ends the sentence rather than the address. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]'’”]+$/;

/** Escapes a line of text and turns the web addresses in it into links. */
function lineToHtml(line: string): string {
  let html = "";
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    const start = match.index;
    html += escapeHtml(line.slice(last, start));
    html += `<a href="${escapeHtml(url)}" style="color:#0f6e6e">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/** What an email's footer is made of: the general settings' name and support address, and APP_URL. */
export interface FooterSettings {
  organisationName: string;
  supportEmail: string;
  appUrl: string;
}

const LOOKS_LIKE_EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/**
 * The footer every email's HTML part ends with, and what `GET /content/email`
 * answers as `footer`: the organisation's name linked to the members' site
 * (APP_URL), and its support address. Both come from settings and are escaped.
 */
export function emailFooterHtml({ organisationName, supportEmail, appUrl }: FooterSettings): string {
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#555555">${escapeHtml(label)}</a>`;
  const parts = [link(appUrl, organisationName.trim() || appUrl)];
  const support = supportEmail.trim();
  if (LOOKS_LIKE_EMAIL.test(support)) parts.push(link(`mailto:${support}`, support));
  return `<p style="margin:2em 0 0;font-size:13px;color:#555555">${parts.join(" · ")}</p>`;
}

/** Paragraphs at blank lines, line breaks kept, addresses linked; everything else is escaped text. */
export function textToHtml(text: string, title: string, lang: string, footer = ""): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => `<p style="margin:0 0 1em">${paragraph.split("\n").map(lineToHtml).join("<br>\n")}</p>`);
  return htmlDocument(paragraphs.join("\n"), title, lang, footer);
}

/** An email's HTML document around its body: language, title, the house layout and the footer. */
export function htmlDocument(bodyHtml: string, title: string, lang: string, footer = ""): string {
  return [
    "<!DOCTYPE html>",
    `<html lang="${escapeHtml(lang)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#ffffff;color:#1a1a1a;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">',
    '<div style="max-width:600px;margin:0 auto">',
    bodyHtml,
    ...(footer ? [footer] : []),
    "</div>",
    "</body>",
    "</html>",
  ].join("\n");
}

/** A link, with the body's links' colour. */
const linkHtml = (url: string) => `<a href="${escapeHtml(url)}" style="color:#0f6e6e">${escapeHtml(url)}</a>`;
/** Links in sanitised rich text: no nesting, no `>` inside attribute values. */
const RICH_TEXT_LINK = /<a\b[^>]*>[\s\S]*?<\/a>/g;
const WHOLE_URL = /^https?:\/\/[^\s<>"]+$/;

/**
 * Fills the merge tags of rich text in, each value escaped; a value that is a web address (a
 * reset or confirmation link) becomes a link, unless the tag is already inside one.
 */
function fillRichText(html: string, fields: Readonly<Record<string, string>>): string {
  const fill = (part: string, linked: boolean) =>
    part.replace(MERGE_TAG_PATTERN, (_tag, name: string) => {
      const value = fields[name] ?? "";
      return !linked && WHOLE_URL.test(value) ? linkHtml(value) : escapeHtml(value);
    });
  let filled = "";
  let last = 0;
  for (const match of html.matchAll(RICH_TEXT_LINK)) {
    filled += fill(html.slice(last, match.index), false) + fill(match[0], true);
    last = match.index + match[0].length;
  }
  return filled + fill(html.slice(last), false);
}

/** Rich text as the text part: plain text, each link's address after its words when they differ. */
function richTextToEmailText(html: string): string {
  const withAddresses = html.replace(
    /<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g,
    (link, href: string, words: string) => {
      const address = href.replace(/&amp;/g, "&");
      const shown = richTextToPlainText(words);
      const plainAddress = address.replace(/^mailto:/, "");
      return shown === address || shown === plainAddress ? link : `${link} (${escapeHtml(plainAddress)})`;
    },
  );
  // The editor writes each list item as a paragraph: one line each in plain text.
  const tightLists = withAddresses.replace(/<li>\s*<p[^>]*>/g, "<li>").replace(/<\/p>\s*<\/li>/g, "</li>");
  return richTextToPlainText(tightLists);
}

/** Inline styles for the rich text of an email, which mail programs read without a stylesheet. */
function styleRichText(html: string): string {
  return html
    .replace(/<p>/g, '<p style="margin:0 0 1em">')
    .replace(/<a href=/g, '<a style="color:#0f6e6e" href=')
    .replace(/<img /g, '<img style="max-width:100%;height:auto" ');
}

/**
 * Fills a template in. Values go into the text part as they are and into the
 * HTML part escaped, so a name like `<b>` shows as written and never becomes
 * markup. Line breaks in values are dropped from the subject. A rich-text body
 * (stored sanitised) keeps its formatting in the HTML part and is plain text
 * in the text part; a plain-text body is made into paragraphs.
 */
export function renderEmail(
  template: TemplateText,
  fields: Readonly<Record<string, string>>,
  lang: string,
  footer = "",
) {
  const subject = fillMergeTags(template.subject, fields)
    .replace(/\s*[\r\n]+\s*/g, " ")
    .trim();
  if (isRichText(template.body)) {
    const html = fillRichText(styleRichText(template.body), fields);
    return {
      subject,
      text: richTextToEmailText(html),
      html: htmlDocument(html, subject, lang, footer),
    } satisfies RenderedEmail;
  }
  const text = fillMergeTags(template.body, fields).replace(/\r\n?/g, "\n").trim();
  return { subject, text, html: textToHtml(text, subject, lang, footer) } satisfies RenderedEmail;
}

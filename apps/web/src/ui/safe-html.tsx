import { useMemo } from "react";
import { isAllowedUrl } from "@cohort/common/http";

/** The rich text the server keeps (see the server's `lib/html.ts`); everything else goes. */
const allowedTags = /^(P|BR|STRONG|B|EM|I|U|S|A|UL|OL|LI|H[234]|BLOCKQUOTE|HR|IMG|FIGURE|FIGCAPTION)$/;
const allowedAttributes: Record<string, RegExp> = { A: /^(href|target|rel)$/, IMG: /^(src|alt|width|height)$/ };
/** Elements whose content is code or foreign markup, not text: dropped whole. */
const droppedWhole =
  /^(SCRIPT|STYLE|TEMPLATE|I?FRAME|FRAMESET|OBJECT|EMBED|NO(SCRIPT|EMBED|FRAMES)|XMP|PLAINTEXT|TEXTAREA|SELECT|TITLE|HEAD|SVG|MATH)$/;

function cleanChildren(parent: Node): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    const element = node as Element;
    const tag = node.nodeType === Node.ELEMENT_NODE ? element.tagName.toUpperCase() : "";
    // Comments and anything else that is not text or an element go too.
    if (!tag || droppedWhole.test(tag)) {
      element.remove();
    } else if (!allowedTags.test(tag) || element.namespaceURI !== "http://www.w3.org/1999/xhtml") {
      // Unknown wrappers go; their text and allowed children stay.
      cleanChildren(element);
      element.replaceWith(...Array.from(element.childNodes));
    } else {
      for (const { name, value } of Array.from(element.attributes)) {
        const kind = name === "href" ? "link" : name === "src" ? "image" : null;
        if (!allowedAttributes[tag]?.test(name) || (kind && !isAllowedUrl(value, kind))) element.removeAttribute(name);
      }
      if (element.hasAttribute("target")) element.setAttribute("rel", "noopener noreferrer");
      cleanChildren(element);
    }
  }
}

/**
 * HTML reduced to the formatting, images and links the server allows: no
 * scripts, event handlers, styles, frames or `javascript:`/`data:` addresses.
 * The server already cleans what it stores; this is the second line, for
 * anything that reaches the page another way. Parsed in an inert document, so
 * nothing in it runs or loads while it is cleaned.
 */
export function cleanHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  cleanChildren(body);
  return body.innerHTML;
}

/** What `SafeHtml` cleans with: `cleanHtml` in the browser; the server's own sanitiser when it renders a page. */
let cleaner: (html: string) => string = cleanHtml;

/** Cleans with another function where the page has no DOM (the server's renderer, decision 047). */
export function setHtmlCleaner(clean: (html: string) => string): void {
  cleaner = clean;
}

interface SafeHtmlProps {
  html: string;
  className?: string;
  lang?: string | undefined;
}

/** The only way the app puts HTML into a page (an ESLint rule holds every other place to it). */
export function SafeHtml({ html, className, lang }: SafeHtmlProps) {
  const clean = useMemo(() => cleaner(html), [html]);
  return <div className={className} lang={lang} dangerouslySetInnerHTML={{ __html: clean }} />;
}

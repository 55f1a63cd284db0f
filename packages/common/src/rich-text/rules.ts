import { isAllowedUrl, type UrlKind } from "../http/url-rules.js";

/**
 * The rich text Cohort keeps: what the server's sanitiser lets through and what
 * the admin's editor writes. One list for both, so the editor never writes
 * markup that saving would change. No sanitiser and no Node here: the server
 * hands these options to sanitize-html, and the web's tests check the editor
 * against the same options.
 */
export const RICH_TEXT_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "a",
  "ul",
  "ol",
  "li",
  "h2",
  "h3",
  "h4",
  "blockquote",
  "hr",
  "img",
  "figure",
  "figcaption",
] as const;

/** What every link gets, whatever it was written with. */
export const RICH_TEXT_LINK_REL = "noopener noreferrer";

type Attributes = Record<string, string>;

/** The attributes without the address in `name` unless it is one Cohort takes (the same rule as the web's). */
function withAllowedUrl(attribs: Attributes, name: string, kind: UrlKind): Attributes {
  const value = attribs[name];
  if (value === undefined || isAllowedUrl(value, kind)) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

/**
 * sanitize-html's options for rich text: formatting, headings, lists, images
 * and links are kept; scripts, event handlers, styles, frames, forms and every
 * address that is not http(s) (mailto for links) or a path on this site are
 * dropped, and every link is `rel="noopener noreferrer"`.
 */
export const richTextSanitizeOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ["href", "target", "rel"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard" as const,
  transformTags: {
    a: (tagName: string, attribs: Attributes) => ({
      tagName,
      attribs: { ...withAllowedUrl(attribs, "href", "link"), rel: RICH_TEXT_LINK_REL },
    }),
    img: (tagName: string, attribs: Attributes) => ({ tagName, attribs: withAllowedUrl(attribs, "src", "image") }),
  },
};

/**
 * An address the editor's link dialog takes: absolute http(s) or mailto, as
 * the stored text is read in emails and on other sites too, where a path of
 * this site would lead nowhere.
 */
export function isEditorLink(value: string): boolean {
  return /^(https?|mailto):/i.test(value) && isAllowedUrl(value, "link");
}

import { escapeHtml } from "../../lib/email-render.js";

/** What a shared link shows: the texts and picture of a page, for Open Graph and Twitter cards. */
export interface LinkPreview {
  title: string;
  description: string;
  /** An absolute address, or empty for none. */
  image: string;
  /** The page's own address (absolute). */
  url: string;
  siteName: string;
  /** `en_GB` and so on. */
  locale: string;
  type: "website" | "article";
  /** `@handle`, or empty. */
  twitterSite: string;
}

const meta = (attribute: "property" | "name", key: string, value: string) =>
  value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />` : "";

/** The tags that go into the page's head, every value escaped. */
export function renderPreviewTags(preview: LinkPreview): string {
  return [
    `<link rel="canonical" href="${escapeHtml(preview.url)}" />`,
    meta("name", "description", preview.description),
    meta("property", "og:type", preview.type),
    meta("property", "og:site_name", preview.siteName),
    meta("property", "og:title", preview.title),
    meta("property", "og:description", preview.description),
    meta("property", "og:url", preview.url),
    meta("property", "og:locale", preview.locale),
    meta("property", "og:image", preview.image),
    meta("name", "twitter:card", preview.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:site", preview.twitterSite),
    meta("name", "twitter:title", preview.title),
    meta("name", "twitter:description", preview.description),
    meta("name", "twitter:image", preview.image),
  ]
    .filter(Boolean)
    .join("\n    ");
}

/**
 * The web app's index.html with the page title replaced and the preview's
 * tags added at the end of the head. Nothing else changes: the app starts as
 * it always does.
 */
export function injectPreview(indexHtml: string, preview: LinkPreview): string {
  const title = `<title>${escapeHtml(preview.title)}</title>`;
  const withTitle = /<title>[^<]*<\/title>/.test(indexHtml)
    ? indexHtml.replace(/<title>[^<]*<\/title>/, () => title)
    : indexHtml.replace("</head>", () => `${title}\n  </head>`);
  return withTitle.replace("</head>", () => `  ${renderPreviewTags(preview)}\n  </head>`);
}

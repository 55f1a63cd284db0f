import type { Callout } from "@cohort/common/callouts";
import { DEFAULT_VARIANT, sizedImageUrl, variantForLocale } from "@cohort/common/callouts";
import type { GeneralContent } from "@cohort/common/content";
import { chooseLocale, isLocale, localeTags, type Locale } from "@cohort/common/i18n";
import type { AppContext } from "../../context.js";
import type { Identity } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { statusChangeAfter, throughCalloutCache } from "../callouts/cache.js";
import { getCallout } from "../callouts/service.js";
import { getGeneralContent, getJoinContent } from "../content/service.js";
import { getSettings } from "../content/settings-service.js";
import type { LinkPreview } from "./render.js";

/** Pages that get a link preview: a callout (and its respond, map and gallery pages) and the join page. */
const CALLOUT_PAGE = /^\/callouts\/([^/]+)(?:\/(respond|map|gallery))?\/?$/;
const JOIN_PAGE = /^\/join\/?$/;

/** Width of the preview picture: link unfurlers show it at up to 1200 pixels. */
export const PREVIEW_IMAGE_WIDTH = 1200;

type PreviewPage = { kind: "callout"; slug: string; subpage: string | undefined } | { kind: "join" };

/** Which preview page a path is, if any. */
export function previewPage(pathname: string): PreviewPage | undefined {
  if (JOIN_PAGE.test(pathname)) return { kind: "join" };
  const match = CALLOUT_PAGE.exec(pathname);
  if (!match) return undefined;
  try {
    return { kind: "callout", slug: decodeURIComponent(match[1]!), subpage: match[2] };
  } catch {
    return undefined;
  }
}

const visitor: Identity = { method: "none", contact: null, roles: [] };

function absolute(ctx: AppContext, address: string): string {
  if (!address) return "";
  return address.startsWith("/") ? `${ctx.config.appUrl}${address}` : address;
}

function previewImage(ctx: AppContext, address: string): string {
  return absolute(ctx, address ? sizedImageUrl(address, { width: PREVIEW_IMAGE_WIDTH }) : "");
}

/** What a callout's preview shows of it. */
interface CalloutTexts {
  slug: string;
  title: string;
  description: string;
  image: string;
}

/** Previews of callouts are kept until a callout changes (or its status does), like the public callouts. */
const NO_PREVIEW_MAX_AGE_MS = 60_000;

/**
 * The texts of a callout as a visitor sees it, in their language when it has
 * a variant for it, or null when it gives no preview: unknown, a draft, hidden
 * or not open yet. Kept in the one cache of callouts, which any change to a
 * callout empties on every server copy (decisions 037 and 078).
 */
function calloutTexts(ctx: AppContext, slug: string, locale: Locale): Promise<CalloutTexts | null> {
  return throughCalloutCache<CalloutTexts | null>(ctx, "preview", JSON.stringify([slug, locale]), async (now) => {
    let callout: Callout;
    try {
      callout = await getCallout(ctx, visitor, slug, { with: ["form", "variantNames"], "with[]": [] });
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 404) throw error;
      return { value: null, until: now + NO_PREVIEW_MAX_AGE_MS };
    }
    const until = statusChangeAfter(callout, now);
    if (callout.hidden || (callout.status !== "open" && callout.status !== "ended")) return { value: null, until };
    const variant = variantForLocale(callout.variantNames, locale);
    const texts =
      variant === DEFAULT_VARIANT
        ? callout
        : await getCallout(ctx, visitor, slug, { with: ["form"], "with[]": [], variant });
    return {
      value: {
        slug: callout.slug,
        title: texts.shareTitle || texts.title,
        description: texts.shareDescription || texts.excerpt,
        image: callout.image,
      },
      until,
    };
  });
}

/** The preview of a preview page; a page with nothing of its own to show gets the organisation's. */
async function buildPreview(ctx: AppContext, page: PreviewPage, lang: Locale | undefined): Promise<LinkPreview> {
  const [general, share] = await Promise.all([getGeneralContent(ctx), getSettings(ctx, "share")]);
  const locale = chooseLocale({ queryLang: lang, organisationLocale: general.locale, isAdminPath: false });
  const base = organisationPreview(ctx, general, share, locale, lang);
  if (page.kind === "join") {
    const join = await getJoinContent(ctx);
    return {
      ...base,
      url: pageUrl(ctx, "/join", lang),
      title: join.title || base.title,
      description: join.subtitle || base.description,
    };
  }
  const callout = await calloutTexts(ctx, page.slug, locale);
  if (!callout) return base;
  const path = `/callouts/${encodeURIComponent(callout.slug)}${page.subpage ? `/${page.subpage}` : ""}`;
  return {
    ...base,
    type: "article",
    url: pageUrl(ctx, path, lang),
    title: callout.title,
    description: callout.description,
    image: callout.image ? previewImage(ctx, callout.image) : base.image,
  };
}

function pageUrl(ctx: AppContext, path: string, lang: Locale | undefined): string {
  return `${ctx.config.appUrl}${path}${lang ? `?lang=${encodeURIComponent(lang)}` : ""}`;
}

function organisationPreview(
  ctx: AppContext,
  general: GeneralContent,
  share: { title: string; description: string; image: string; twitterHandle: string },
  locale: Locale,
  lang: Locale | undefined,
): LinkPreview {
  const handle = share.twitterHandle.replace(/^@/, "");
  return {
    title: share.title || general.organisationName,
    description: share.description,
    image: previewImage(ctx, share.image),
    url: pageUrl(ctx, "/", lang),
    siteName: general.organisationName,
    locale: localeTags[locale].replace("-", "_"),
    type: "website",
    twitterSite: handle ? `@${handle}` : "",
  };
}

/**
 * The preview of a page people share, or undefined for any other page. Each
 * part comes from a cache emptied when it changes (the settings, the callout),
 * so this costs no database read while a shared callout is being opened.
 */
export function linkPreview(
  ctx: AppContext,
  pathname: string,
  rawLang: string | null,
): Promise<LinkPreview> | undefined {
  const page = previewPage(pathname);
  if (!page) return undefined;
  return buildPreview(ctx, page, isLocale(rawLang) ? rawLang : undefined);
}

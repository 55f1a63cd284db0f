import type { CalloutStatus } from "./constants.js";
import { SLUG_MAX_LENGTH } from "./constants.js";
import type { ResponseViewSchema } from "./schemas.js";

/** Status is derived from the dates at read time (UTC), as the reference does. */
export function calloutStatus(starts: Date | null, expires: Date | null, now: Date): CalloutStatus {
  if (!starts) return "draft";
  if (now < starts) return "scheduled";
  if (expires && now > expires) return "ended";
  return "open";
}

/** Characters a slug may hold, besides letters and digits. */
const SLUG_PATTERN = /^[A-Za-z0-9$*_+~.()'"!:@-]+$/;

export function isValidSlug(slug: string): boolean {
  return slug.length > 0 && slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);
}

/** A lower-case URL slug from a title: accents dropped, words joined by hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH - 8)
    .replace(/-+$/, "");
  return slug || "callout";
}

/** Whether a slug is the title's own, perhaps with the number added to keep it unique ("title-2"). */
export function slugFollowsTitle(slug: string, title: string): boolean {
  const base = slugify(title);
  return slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));
}

export type ResponseViewGap = "imageProp" | "map.addressProp";

/**
 * What the public display of responses still lacks: a gallery without its photo question, a map
 * without its address question. A draft may lack them; publishing may not. (A map without a style
 * of its own draws the organisation's basemap.)
 */
export function responseViewGaps(view: ResponseViewSchema | null | undefined): ResponseViewGap[] {
  if (!view) return [];
  const gaps: ResponseViewGap[] = [];
  if (view.gallery && !view.imageProp) gaps.push("imageProp");
  if (view.map && !view.map.addressProp) gaps.push("map.addressProp");
  return gaps;
}

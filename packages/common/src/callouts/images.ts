/**
 * Resized copies of uploaded images come in a fixed set of sizes, so each
 * picture has at most a few copies, however many different sizes are asked
 * for. A requested width or height is raised to the next size in the list;
 * anything above the largest gets the largest.
 */
export const IMAGE_SIZES = [100, 200, 400, 600, 800, 1200, 1600, 2400] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** The largest requested bound the file address accepts (it is then snapped to a size). */
export const IMAGE_BOUND_MAX = 100_000;

/**
 * Images with more pixels than this (width × height × frames) are refused on
 * upload: decoding one takes memory in proportion to it. 50 megapixels is
 * more than a phone camera's usual picture (12–48 MP).
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** The size a requested width or height is served at. */
export function snapImageSize(requested: number): ImageSize {
  for (const size of IMAGE_SIZES) if (requested <= size) return size;
  return IMAGE_SIZES[IMAGE_SIZES.length - 1]!;
}

export interface ImageBounds {
  width?: number | undefined;
  height?: number | undefined;
}

/**
 * The bounds a resized copy is made for. One bound is snapped on its own.
 * When both are given, both become the size of the larger one: the picture
 * fitted inside that square is never smaller than the one asked for, and a
 * picture has one such copy per size instead of one per pair of sizes.
 */
export function snapImageBounds(bounds: ImageBounds): ImageBounds {
  const { width, height } = bounds;
  if (width !== undefined && height !== undefined) {
    const size = snapImageSize(Math.max(width, height));
    return { width: size, height: size };
  }
  return {
    ...(width !== undefined ? { width: snapImageSize(width) } : {}),
    ...(height !== undefined ? { height: snapImageSize(height) } : {}),
  };
}

/**
 * The address of an uploaded image fitted inside the given bounds, asking for
 * the snapped sizes directly. Addresses that are not Cohort uploads are left
 * as they are.
 */
export function sizedImageUrl(url: string, bounds: ImageBounds): string {
  const path = url.replace(/^https?:\/\/[^/]+/i, "");
  if (!path.startsWith("/uploads/")) return url;
  const snapped = snapImageBounds(bounds);
  const query = [
    ...(snapped.width !== undefined ? [`w=${snapped.width}`] : []),
    ...(snapped.height !== undefined ? [`h=${snapped.height}`] : []),
  ].join("&");
  if (!query) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${query}`;
}

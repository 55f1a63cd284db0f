import type { Font } from "@cohort/common/content";

/**
 * Stylesheets for each self-hosted font, fetched only when a theme picks it.
 * Open Sans is always bundled as the default and fallback; fonts without a
 * free package (Helvetica Neue LT, Queue) use the visitor's installed copy if
 * any, then the substitutes of `theme-variables.ts` (decision 031).
 */
const fontLoaders: Partial<Record<Font, () => Promise<unknown>>> = {
  "fira-sans": () =>
    Promise.all([
      import("@fontsource/fira-sans/400.css"),
      import("@fontsource/fira-sans/600.css"),
      import("@fontsource/fira-sans/700.css"),
    ]),
  "fira-sans-condensed": () =>
    Promise.all([
      import("@fontsource/fira-sans-condensed/400.css"),
      import("@fontsource/fira-sans-condensed/600.css"),
      import("@fontsource/fira-sans-condensed/700.css"),
    ]),
  "libre-franklin": () =>
    Promise.all([
      import("@fontsource/libre-franklin/400.css"),
      import("@fontsource/libre-franklin/600.css"),
      import("@fontsource/libre-franklin/700.css"),
    ]),
  "nunito-sans": () =>
    Promise.all([
      import("@fontsource/nunito-sans/400.css"),
      import("@fontsource/nunito-sans/600.css"),
      import("@fontsource/nunito-sans/700.css"),
    ]),
  roboto: () =>
    Promise.all([
      import("@fontsource/roboto/400.css"),
      import("@fontsource/roboto/600.css"),
      import("@fontsource/roboto/700.css"),
    ]),
  "roboto-slab": () =>
    Promise.all([
      import("@fontsource/roboto-slab/400.css"),
      import("@fontsource/roboto-slab/600.css"),
      import("@fontsource/roboto-slab/700.css"),
    ]),
  rubik: () =>
    Promise.all([
      import("@fontsource/rubik/400.css"),
      import("@fontsource/rubik/600.css"),
      import("@fontsource/rubik/700.css"),
    ]),
  ubuntu: () =>
    Promise.all([
      import("@fontsource/ubuntu/400.css"),
      import("@fontsource/ubuntu/500.css"),
      import("@fontsource/ubuntu/700.css"),
    ]),
  "work-sans": () =>
    Promise.all([
      import("@fontsource/work-sans/400.css"),
      import("@fontsource/work-sans/600.css"),
      import("@fontsource/work-sans/700.css"),
    ]),
};

/** Fonts of the list with no freely licensed package; the browser's own copy is used if present. */
export const systemOnlyFonts: readonly Font[] = ["helvetica-neue-lt", "queue"];

export function hasFontPackage(font: Font): boolean {
  return font in fontLoaders;
}

const requested = new Map<Font, Promise<void>>();

/** Adds the stylesheets of the given fonts to the page, once each; resolves when they are in. */
export function loadFonts(fonts: readonly (Font | undefined)[]): Promise<void> {
  const pending: Promise<void>[] = [];
  for (const font of fonts) {
    if (!font) continue;
    const load = fontLoaders[font];
    if (!load) continue;
    let loading = requested.get(font);
    if (!loading) {
      loading = load().then(
        () => undefined,
        () => {
          requested.delete(font);
        },
      );
      requested.set(font, loading);
    }
    pending.push(loading);
  }
  return Promise.all(pending).then(() => undefined);
}

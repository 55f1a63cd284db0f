import type { Font, Theme, ThemeColorName } from "@cohort/common/content";
import { defaultFont, defaultThemeColors, themeColorNames } from "@cohort/common/content";

/** Colours that carry text on top of them and need a readable foreground. */
const filledColors = ["primary", "success", "warning", "danger", "link"] as const satisfies readonly ThemeColorName[];

const fontFamilies: Record<Font, string> = {
  "fira-sans": "Fira Sans",
  "fira-sans-condensed": "Fira Sans Condensed",
  "libre-franklin": "Libre Franklin",
  "nunito-sans": "Nunito Sans",
  "open-sans": "Open Sans",
  roboto: "Roboto",
  "roboto-slab": "Roboto Slab",
  rubik: "Rubik",
  ubuntu: "Ubuntu",
  "work-sans": "Work Sans",
  "helvetica-neue-lt": "Helvetica Neue",
  queue: "Queue",
};

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const [red, green, blue] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map(channel);
  return 0.2126 * (red ?? 0) + 0.7152 * (green ?? 0) + 0.0722 * (blue ?? 0);
}

function contrastRatio(first: number, second: number): number {
  const [light, dark] = first > second ? [first, second] : [second, first];
  return (light + 0.05) / (dark + 0.05);
}

/** The focus ring's own colour: a blue no theme colour stands for, while it stands out from the page. */
export const FOCUS_COLOR = "#1f5fd1";

/** WCAG's least contrast for the parts of a control that show its state (1.4.11). */
const FOCUS_CONTRAST = 3;

/**
 * The focus ring's colour on the theme's page background: the own blue, unless that background is
 * too dark for it to show; then black or white, whichever shows better.
 */
export function focusColor(background: string): string {
  const page = relativeLuminance(background);
  if (contrastRatio(relativeLuminance(FOCUS_COLOR), page) >= FOCUS_CONTRAST) return FOCUS_COLOR;
  return readableTextColor(background, "#ffffff", "#000000");
}

/** The contrast of two `#rrggbb` colours, from 1 to 21. */
export function colorContrast(first: string, second: string): number {
  return contrastRatio(relativeLuminance(first), relativeLuminance(second));
}

/** White or black text, whichever reads better on the given background. */
export function readableTextColor(background: string, white: string, black: string): string {
  const luminance = relativeLuminance(background);
  return contrastRatio(luminance, relativeLuminance(white)) >= contrastRatio(luminance, relativeLuminance(black))
    ? white
    : black;
}

/**
 * The chosen font, then the bundled default, then the browser's own sans-serif. Helvetica
 * Neue has no free web font: Helvetica and Arial, which share its shapes, come first (decision 031).
 */
function fontStack(font: Font = defaultFont): string {
  const lookAlikes = font === "helvetica-neue-lt" ? ', "Helvetica", "Arial"' : "";
  const fallback = font === defaultFont ? "" : `, "${fontFamilies[defaultFont]}"`;
  return `"${fontFamilies[font]}"${lookAlikes}${fallback}, sans-serif`;
}

/** The CSS custom properties the stylesheet reads, from the organisation's theme over the defaults. */
export function themeVariables(theme: Theme | undefined): Record<string, string> {
  const colors = { ...defaultThemeColors, ...theme?.colors };
  const variables: Record<string, string> = {};
  for (const name of themeColorNames) variables[`--cohort-${name}`] = colors[name];
  for (const name of filledColors) {
    variables[`--cohort-on-${name}`] = readableTextColor(colors[name], colors.white, colors.black);
  }
  variables["--cohort-focus"] = focusColor(colors.white);
  variables["--cohort-font-body"] = fontStack(theme?.fonts?.body);
  variables["--cohort-font-title"] = fontStack(theme?.fonts?.title ?? theme?.fonts?.body);
  return variables;
}

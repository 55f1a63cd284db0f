import { z } from "zod";
import type { Font, Theme } from "@cohort/common/content";
import { defaultFont, defaultThemeColors, fonts } from "@cohort/common/content";
import { message } from "@cohort/common/validation";

/** The colours the Theme tab edits (white and black stay as they are). */
export const editableColors = ["primary", "link", "body", "danger", "success", "warning"] as const;
export type EditableColor = (typeof editableColors)[number];

const color = z
  .string()
  .trim()
  .min(1, { message: message("validation.colorRequired") })
  .regex(/^#[0-9a-fA-F]{6}$/, { message: message("validation.colorInvalid") });

export const themeFormSchema = z.object({
  colors: z.object(
    Object.fromEntries(editableColors.map((name) => [name, color])) as Record<EditableColor, typeof color>,
  ),
  fonts: z.object({ title: z.enum(fonts), body: z.enum(fonts) }),
});
export type ThemeFormValues = z.infer<typeof themeFormSchema>;

export function themeFormValues(theme: Theme): ThemeFormValues {
  const colors = { ...defaultThemeColors, ...theme.colors };
  const body: Font = theme.fonts?.body ?? defaultFont;
  return {
    colors: Object.fromEntries(editableColors.map((name) => [name, colors[name]])) as Record<EditableColor, string>,
    fonts: { body, title: theme.fonts?.title ?? body },
  };
}

/** The stored theme: the edited colours over whatever else was stored (white, black). */
export function themePayload(values: ThemeFormValues, stored: Theme): Theme {
  return {
    colors: { ...stored.colors, ...values.colors },
    fonts: { body: values.fonts.body, title: values.fonts.title },
  };
}

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (raw: number) => {
    const srgb = raw / 255;
    return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((value >> 16) & 255) + 0.7152 * channel((value >> 8) & 255) + 0.0722 * channel(value & 255);
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [a, b] = [luminance(first), luminance(second)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * Link text is drawn a little darker than the link colour (the stylesheet mixes
 * in 18% black); scaling each channel by 0.82 comes close and errs on the light side.
 */
function linkTextColor(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const dark = (shift: number) => Math.round(((value >> shift) & 255) * 0.82);
  return `#${[16, 8, 0].map((shift) => dark(shift).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

/**
 * The colours whose text would fail WCAG AA: body and link text on white, and
 * the better of white or black text on the filled colours.
 */
export function contrastProblems(colors: Record<EditableColor, string>): EditableColor[] {
  const white = defaultThemeColors.white;
  const black = defaultThemeColors.black;
  const valid = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);
  return editableColors.filter((name) => {
    const value = colors[name];
    if (!valid(value)) return false;
    if (name === "body") return contrastRatio(value, white) < AA_CONTRAST;
    if (name === "link") return contrastRatio(linkTextColor(value), white) < AA_CONTRAST;
    return Math.max(contrastRatio(value, white), contrastRatio(value, black)) < AA_CONTRAST;
  });
}

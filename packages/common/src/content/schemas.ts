import { z } from "zod";
import { TEXT_LIMITS } from "../http/limits.js";
import { urlSchema } from "../http/urls.js";
import { locales } from "../i18n/index.js";
import { fonts, type ThemeColorName } from "./constants.js";
import { message } from "../validation/index.js";

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: message("validation.colorInvalid") });

/** The longest name of a colour preset a theme may carry. */
export const THEME_PRESET_NAME_MAX = TEXT_LIMITS.name;

/**
 * The theme's colours, and the name of the preset they were chosen from as
 * the reference's theme editor sends it (`_name`). The name is kept and
 * answered back, nothing more (decision 024).
 */
export const themeColorsSchema = z
  .object({
    primary: colorSchema.optional(),
    link: colorSchema.optional(),
    body: colorSchema.optional(),
    success: colorSchema.optional(),
    warning: colorSchema.optional(),
    danger: colorSchema.optional(),
    white: colorSchema.optional(),
    black: colorSchema.optional(),
    _name: z.string().trim().max(THEME_PRESET_NAME_MAX).optional(),
  })
  .strict() satisfies z.ZodType<Partial<Record<ThemeColorName, string>>>;

export const themeSchema = z.object({
  colors: themeColorsSchema.optional(),
  fonts: z.object({ body: z.enum(fonts).optional(), title: z.enum(fonts).optional() }).optional(),
});
export type Theme = z.infer<typeof themeSchema>;

export const footerLinkSchema = z.object({ text: z.string().min(1), url: urlSchema("link") });

/** Settings addresses may be empty (not set); otherwise http(s) only, never `javascript:` or `data:`. */
const pageUrl = urlSchema("http", { allowEmpty: true });
const imageUrl = urlSchema("image", { allowEmpty: true });

/** Site-wide settings every page reads at start. */
export const generalContentSchema = z.object({
  organisationName: z.string(),
  /** The organisation's postal address as printed on receipts (lines separated by line breaks). */
  address: z.string(),
  /** The organisation's VAT or tax number as printed on receipts; empty when it has none. */
  vatNumber: z.string(),
  logoUrl: imageUrl,
  siteUrl: pageUrl,
  supportEmail: z.string(),
  privacyLink: pageUrl,
  termsLink: pageUrl,
  impressumLink: pageUrl,
  locale: z.enum(locales),
  theme: themeSchema,
  currencyCode: z.string().length(3),
  currencySymbol: z.string(),
  backgroundUrl: imageUrl,
  hideContribution: z.boolean(),
  footerLinks: z.array(footerLinkSchema),
  /** Read-only: the built-in test payment provider is on, so pages show a test-mode banner. */
  testPayments: z.boolean(),
});
export type GeneralContent = z.infer<typeof generalContentSchema>;

export const MAX_FOOTER_LINKS = 20;

/** Fields an admin may change; the currency and test payments are fixed by configuration. */
export const updateGeneralContentSchema = generalContentSchema
  .omit({ currencyCode: true, currencySymbol: true, testPayments: true })
  // Also checked when stored settings are read: a value over its limit falls back to the default.
  .extend({
    organisationName: z.string().max(TEXT_LIMITS.short),
    address: z.string().max(TEXT_LIMITS.medium),
    vatNumber: z.string().max(TEXT_LIMITS.name),
    supportEmail: z.string().max(TEXT_LIMITS.email),
    footerLinks: z
      .array(footerLinkSchema.extend({ text: z.string().min(1).max(TEXT_LIMITS.name) }))
      .max(MAX_FOOTER_LINKS),
  })
  .partial()
  .strict();
export type UpdateGeneralContent = z.infer<typeof updateGeneralContentSchema>;

import { z } from "zod";
import { locales } from "../i18n/index.js";
import { fonts, themeColorNames } from "./constants.js";

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: "Invalid color" });

export const themeSchema = z.object({
  colors: z.partialRecord(z.enum(themeColorNames), colorSchema).optional(),
  fonts: z.object({ body: z.enum(fonts).optional(), title: z.enum(fonts).optional() }).optional(),
});
export type Theme = z.infer<typeof themeSchema>;

export const footerLinkSchema = z.object({ text: z.string().min(1), url: z.string().min(1) });

/** Site-wide settings every page reads at start. */
export const generalContentSchema = z.object({
  organisationName: z.string(),
  logoUrl: z.string(),
  siteUrl: z.string(),
  supportEmail: z.string(),
  privacyLink: z.string(),
  termsLink: z.string(),
  impressumLink: z.string(),
  locale: z.enum(locales),
  theme: themeSchema,
  currencyCode: z.string().length(3),
  currencySymbol: z.string(),
  backgroundUrl: z.string(),
  hideContribution: z.boolean(),
  footerLinks: z.array(footerLinkSchema),
});
export type GeneralContent = z.infer<typeof generalContentSchema>;

/** Fields an admin may change; the currency is fixed by configuration. */
export const updateGeneralContentSchema = generalContentSchema
  .omit({ currencyCode: true, currencySymbol: true })
  .partial()
  .strict();
export type UpdateGeneralContent = z.infer<typeof updateGeneralContentSchema>;

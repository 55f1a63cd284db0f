import { z } from "zod";
import { locales } from "../i18n/index.js";

export const fonts = [
  "fira-sans",
  "fira-sans-condensed",
  "libre-franklin",
  "nunito-sans",
  "open-sans",
  "roboto",
  "roboto-slab",
  "rubik",
  "ubuntu",
  "work-sans",
  "helvetica-neue-lt",
  "queue",
] as const;
export type Font = (typeof fonts)[number];
export const defaultFont: Font = "open-sans";

export const themeColorNames = ["primary", "link", "body", "success", "warning", "danger", "white", "black"] as const;
export type ThemeColorName = (typeof themeColorNames)[number];

export const defaultThemeColors: Record<ThemeColorName, string> = {
  primary: "#262453",
  link: "#0f8a8a",
  body: "#262453",
  success: "#2d7d46",
  warning: "#f5c518",
  danger: "#c8283c",
  white: "#ffffff",
  black: "#1a1a1a",
};

const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: "Invalid color" });

export const themeSchema = z.object({
  colors: z.partialRecord(z.enum(themeColorNames), colorSchema).optional(),
  fonts: z.object({ body: z.enum(fonts).optional(), title: z.enum(fonts).optional() }).optional(),
});
export type Theme = z.infer<typeof themeSchema>;

export const footerLinkSchema = z.object({ text: z.string().min(1), url: z.string().min(1) });

export const contentIds = [
  "general",
  "join",
  "join/setup",
  "profile",
  "contacts",
  "email",
  "share",
  "payment",
] as const;
export type ContentId = (typeof contentIds)[number];

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

export const defaultGeneralContent: Omit<GeneralContent, "currencyCode" | "currencySymbol"> = {
  organisationName: "Cohort",
  logoUrl: "",
  siteUrl: "",
  supportEmail: "",
  privacyLink: "",
  termsLink: "",
  impressumLink: "",
  locale: "en",
  theme: {},
  backgroundUrl: "",
  hideContribution: false,
  footerLinks: [],
};

export function currencySymbol(currencyCode: string): string {
  const parts = new Intl.NumberFormat("en", { style: "currency", currency: currencyCode }).formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currencyCode;
}

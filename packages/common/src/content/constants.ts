import type { GeneralContent } from "./schemas.js";

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

export const contentIds = [
  "general",
  "join",
  "join/setup",
  "profile",
  "contacts",
  "email",
  "share",
  "payment",
  "telegram",
] as const;
export type ContentId = (typeof contentIds)[number];

export const defaultGeneralContent: Omit<GeneralContent, "currencyCode" | "currencySymbol"> = {
  organisationName: "Cohort",
  address: "",
  vatNumber: "",
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
  testPayments: false,
};

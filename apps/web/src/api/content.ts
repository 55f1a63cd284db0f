import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Font, GeneralContent, Theme } from "@cohort/common/content";
import { defaultGeneralContent, fonts, themeColorNames } from "@cohort/common/content";
import { generalContentRead } from "@cohort/common/http";
import { isLocale } from "@cohort/common/i18n";
import { ONE_MINUTE } from "@cohort/common/time";
import { apiRead } from "./client";
import { isRecord } from "./read-body";

export const contentKeys = {
  general: ["content", "general"] as const,
};

/** Used while the settings cannot be read, so that public pages still work. */
export const fallbackGeneralContent: GeneralContent = {
  ...defaultGeneralContent,
  currencyCode: "GBP",
  // GBP's symbol: working it out with Intl here would load its currency data as every page starts.
  currencySymbol: "£",
};

const textFields = [
  "organisationName",
  "logoUrl",
  "siteUrl",
  "supportEmail",
  "privacyLink",
  "termsLink",
  "impressumLink",
  "currencyCode",
  "currencySymbol",
  "backgroundUrl",
] as const;

function readTheme(value: unknown): Theme {
  if (!isRecord(value)) return {};
  const theme: Theme = {};
  if (isRecord(value.colors)) {
    const colors = value.colors;
    theme.colors = Object.fromEntries(
      themeColorNames.flatMap((name) => {
        const color = colors[name];
        return typeof color === "string" && /^#[0-9a-fA-F]{6}$/.test(color) ? [[name, color]] : [];
      }),
    );
  }
  if (isRecord(value.fonts)) {
    const isFont = (font: unknown): font is Font => (fonts as readonly unknown[]).includes(font);
    const { body, title } = value.fonts;
    theme.fonts = { ...(isFont(body) && { body }), ...(isFont(title) && { title }) };
  }
  return theme;
}

/**
 * The settings over the fallback, field by field, each kept only when it has
 * the right type. Every page reads them, so this check stays free of zod.
 */
function readGeneralContent(body: unknown): GeneralContent {
  if (!isRecord(body)) return fallbackGeneralContent;
  const content: GeneralContent = { ...fallbackGeneralContent, theme: readTheme(body.theme) };
  for (const field of textFields) {
    const value = body[field];
    if (typeof value === "string") content[field] = value;
  }
  if (isLocale(body.locale)) content.locale = body.locale;
  if (typeof body.hideContribution === "boolean") content.hideContribution = body.hideContribution;
  if (typeof body.testPayments === "boolean") content.testPayments = body.testPayments;
  if (Array.isArray(body.footerLinks)) {
    content.footerLinks = body.footerLinks.filter(
      (link): link is { text: string; url: string } =>
        isRecord(link) && typeof link.text === "string" && typeof link.url === "string",
    );
  }
  return content;
}

export async function fetchGeneralContent(signal?: AbortSignal): Promise<GeneralContent> {
  try {
    return await apiRead(generalContentRead.path, readGeneralContent, { signal, query: generalContentRead.query });
  } catch {
    return fallbackGeneralContent;
  }
}

export const generalContentQueryOptions = queryOptions({
  queryKey: contentKeys.general,
  queryFn: ({ signal }) => fetchGeneralContent(signal),
  staleTime: 5 * ONE_MINUTE,
  retry: false,
});

/** Site-wide settings; the route guard loads them before any page renders. */
export function useGeneralContent(): GeneralContent {
  return useQuery(generalContentQueryOptions).data ?? fallbackGeneralContent;
}

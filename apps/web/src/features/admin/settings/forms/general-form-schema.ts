import { z } from "zod";
import type { GeneralContent, UpdateGeneralContent } from "@cohort/common/content";
import { MAX_FOOTER_LINKS } from "@cohort/common/content";
import { TEXT_LIMITS, urlSchema } from "@cohort/common/http";
import { locales } from "@cohort/common/i18n";
import { message } from "@cohort/common/validation";

const tooLong = (max: number) => message("validation.tooLong", { max });
const pageUrl = urlSchema("http", { allowEmpty: true });
const imageUrl = urlSchema("image", { allowEmpty: true });

/** The General tab: the shared URL rule for every address, and the limits of the settings schema. */
export const generalFormSchema = z.object({
  organisationName: z
    .string()
    .trim()
    .min(1, { message: message("validation.nameRequired") })
    .max(TEXT_LIMITS.short, { message: tooLong(TEXT_LIMITS.short) }),
  address: z
    .string()
    .trim()
    .max(TEXT_LIMITS.medium, { message: tooLong(TEXT_LIMITS.medium) }),
  vatNumber: z
    .string()
    .trim()
    .max(TEXT_LIMITS.name, { message: tooLong(TEXT_LIMITS.name) }),
  logoUrl: imageUrl,
  siteUrl: pageUrl,
  supportEmail: z
    .string()
    .trim()
    .max(TEXT_LIMITS.email, { message: tooLong(TEXT_LIMITS.email) })
    .refine((value) => value === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
      message: "Invalid email address",
    }),
  privacyLink: pageUrl,
  termsLink: pageUrl,
  impressumLink: pageUrl,
  locale: z.enum(locales),
  backgroundUrl: imageUrl,
  hideContribution: z.boolean(),
  footerLinks: z
    .array(
      z.object({
        text: z
          .string()
          .trim()
          .min(1, { message: message("validation.required") })
          .max(TEXT_LIMITS.name, { message: tooLong(TEXT_LIMITS.name) }),
        url: urlSchema("link"),
      }),
    )
    .max(MAX_FOOTER_LINKS),
});
export type GeneralFormValues = z.infer<typeof generalFormSchema>;

export const generalFormFields = [
  "organisationName",
  "address",
  "vatNumber",
  "logoUrl",
  "siteUrl",
  "supportEmail",
  "privacyLink",
  "termsLink",
  "impressumLink",
  "locale",
  "backgroundUrl",
  "hideContribution",
  "footerLinks",
] as const;

export function generalFormValues(content: GeneralContent): GeneralFormValues {
  return {
    organisationName: content.organisationName,
    address: content.address,
    vatNumber: content.vatNumber,
    logoUrl: content.logoUrl,
    siteUrl: content.siteUrl,
    supportEmail: content.supportEmail,
    privacyLink: content.privacyLink,
    termsLink: content.termsLink,
    impressumLink: content.impressumLink,
    locale: content.locale,
    backgroundUrl: content.backgroundUrl,
    hideContribution: content.hideContribution,
    footerLinks: content.footerLinks,
  };
}

export const generalPayload = (values: GeneralFormValues): UpdateGeneralContent => values;

import type { CalloutForm } from "@cohort/common/callout-form";
import type { Callout, CalloutVariant, CalloutWith } from "@cohort/common/callouts";
import { calloutStatus, calloutTextIn } from "@cohort/common/callouts";
import type { Locale } from "@cohort/common/i18n";
import type { CalloutRow, VariantRow } from "./queries.js";

export interface CalloutExtras {
  responseCount?: number;
  hasAnswered?: boolean;
  variantNames?: string[];
  variants?: VariantRow[];
}

export function presentVariant(row: VariantRow): CalloutVariant {
  return {
    title: row.title,
    excerpt: row.excerpt,
    intro: row.intro,
    thanksTitle: row.thanksTitle,
    thanksText: row.thanksText,
    thanksRedirect: row.thanksRedirect,
    shareTitle: row.shareTitle,
    shareDescription: row.shareDescription,
    slideNavigation: row.slideNavigation,
    componentText: row.componentText,
  };
}

/** The variant's button texts of a slide; with a locale, the ones left at a default are in that locale. */
function slideTexts(stored: Partial<Record<"prevText" | "nextText" | "submitText", string>>, locale?: Locale) {
  if (!locale) return stored;
  return {
    prevText: calloutTextIn(locale, "prevText", stored.prevText),
    nextText: calloutTextIn(locale, "nextText", stored.nextText),
    submitText: calloutTextIn(locale, "submitText", stored.submitText),
  };
}

/**
 * The stored form with the variant's button texts on each slide and its
 * component texts. Given the variant's locale, texts left at a default are
 * that locale's (decision 039).
 */
export function formForVariant(row: CalloutRow, variant: VariantRow | undefined, locale?: Locale): CalloutForm {
  return {
    slides: row.formSchema.slides.map((slide) => ({
      ...slide,
      navigation: {
        ...slideTexts(variant?.slideNavigation[slide.id] ?? {}, locale),
        nextSlideId: slide.navigation.nextSlideId ?? null,
      },
    })),
    componentText: variant?.componentText ?? {},
  };
}

const nonEmpty = <K extends string>(key: K, value: string | null | undefined) =>
  value ? ({ [key]: value } as Record<K, string>) : {};

export function presentCallout(
  row: CalloutRow,
  variant: VariantRow | undefined,
  withOptions: readonly CalloutWith[],
  extras: CalloutExtras,
  now: Date,
  /** The variant's language; its default texts are then filled in in that language. */
  locale?: Locale,
): Callout {
  const wants = (option: CalloutWith) => withOptions.includes(option);
  return {
    id: row.id,
    slug: row.slug,
    title: variant?.title ?? "",
    excerpt: variant?.excerpt ?? "",
    image: row.image,
    starts: row.starts?.toISOString() ?? null,
    expires: row.expires?.toISOString() ?? null,
    allowUpdate: row.allowUpdate,
    allowMultiple: row.allowMultiple,
    hidden: row.hidden,
    access: row.access,
    captcha: row.captcha,
    status: calloutStatus(row.starts, row.expires, now),
    channels: row.channels ?? null,
    ...(wants("form")
      ? {
          intro: variant?.intro ?? "",
          thanksTitle: locale
            ? calloutTextIn(locale, "thanksTitle", variant?.thanksTitle)
            : (variant?.thanksTitle ?? ""),
          thanksText: variant?.thanksText ?? "",
          ...nonEmpty("thanksRedirect", variant?.thanksRedirect),
          ...nonEmpty("shareTitle", variant?.shareTitle),
          ...nonEmpty("shareDescription", variant?.shareDescription),
          formSchema: formForVariant(row, variant, locale),
          newsletterSchema: row.access === "only-anonymous" ? null : (row.newsletterSchema ?? null),
        }
      : {}),
    ...(wants("responseViewSchema") ? { responseViewSchema: row.responseViewSchema ?? null } : {}),
    ...(extras.responseCount !== undefined ? { responseCount: extras.responseCount } : {}),
    ...(extras.hasAnswered !== undefined ? { hasAnswered: extras.hasAnswered } : {}),
    ...(extras.variantNames ? { variantNames: extras.variantNames } : {}),
    ...(extras.variants
      ? { variants: Object.fromEntries(extras.variants.map((entry) => [entry.name, presentVariant(entry)])) }
      : {}),
  };
}

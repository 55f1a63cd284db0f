import type { Callout, CalloutMap, CalloutVariant, CreateCallout, ResponseViewSchema } from "@cohort/common/callouts";
import { DEFAULT_VARIANT, isCalloutDefaultText, slugFollowsTitle, slugify } from "@cohort/common/callouts";
import { isLocale } from "@cohort/common/i18n";
import { toLocalInput } from "../../shared/local-date-input";
import { componentSources } from "./component-sources";
import type {
  CalloutEditorValues,
  EditorMapSettings,
  EditorSlide,
  EditorTranslation,
  SlideNavigationTexts,
} from "./editor-values";
import {
  DEFAULT_BUCKETS,
  accessChoice,
  accessFrom,
  defaultMapSettings,
  responseModeFlags,
  responseModeOf,
} from "./editor-values";

/** Everything of a callout but its dates, which depend on the button that saves it. */
export type CalloutPayload = Omit<CreateCallout, "starts" | "expires">;

/**
 * Texts a new callout starts with, in the admin's language. Its buttons start
 * empty: an empty button text reads as the default of each reader's language.
 */
export interface NewCalloutTexts {
  slideTitle: string;
  thanksTitle: string;
}

const formatNumbers = (numbers: readonly number[]) => numbers.join(", ");

/** "lng, lat, …" as numbers; NaN where a number is missing or not one. */
export function parseNumbers(text: string, count: number): number[] {
  const parts = text.split(",").map((part) => part.trim());
  return Array.from({ length: count }, (_, index) => {
    const part = parts[index];
    return part && parts.length === count ? Number(part) : Number.NaN;
  });
}

function mapSettingsFrom(map: CalloutMap | null | undefined): EditorMapSettings {
  if (!map) return defaultMapSettings;
  return {
    style: map.style,
    center: formatNumbers(map.center),
    bounds: formatNumbers(map.bounds.flat()),
    minZoom: String(map.minZoom),
    maxZoom: String(map.maxZoom),
    initialZoom: String(map.initialZoom),
    addressProp: map.addressProp,
    addressPatternProp: map.addressPatternProp,
    addressPattern: map.addressPattern,
    geocodeCountries: map.geocodeCountries ?? "",
  };
}

function mapFrom(settings: EditorMapSettings): CalloutMap {
  const [lng = Number.NaN, lat = Number.NaN] = parseNumbers(settings.center, 2);
  const [lng1 = Number.NaN, lat1 = Number.NaN, lng2 = Number.NaN, lat2 = Number.NaN] = parseNumbers(settings.bounds, 4);
  return {
    style: settings.style.trim(),
    center: [lng, lat],
    bounds: [
      [lng1, lat1],
      [lng2, lat2],
    ],
    minZoom: Number(settings.minZoom),
    maxZoom: Number(settings.maxZoom),
    initialZoom: Number(settings.initialZoom),
    addressProp: settings.addressProp,
    addressPattern: settings.addressPatternProp ? settings.addressPattern : "",
    addressPatternProp: settings.addressPatternProp,
    ...(settings.geocodeCountries.trim() ? { geocodeCountries: settings.geocodeCountries.trim() } : {}),
  };
}

const noTexts: SlideNavigationTexts = { prevText: "", nextText: "", submitText: "" };

/**
 * A slide's stored button texts as the editor shows them: a text at a default
 * wording (in any language, as the builder once saved them) is empty, since
 * it reads as the default of each reader's language either way.
 */
function ownTexts(stored: Partial<SlideNavigationTexts> | undefined): SlideNavigationTexts {
  const texts = { ...noTexts, ...stored };
  return {
    prevText: isCalloutDefaultText("prevText", texts.prevText) ? "" : texts.prevText,
    nextText: isCalloutDefaultText("nextText", texts.nextText) ? "" : texts.nextText,
    submitText: isCalloutDefaultText("submitText", texts.submitText) ? "" : texts.submitText,
  };
}

function translationFrom(locale: EditorTranslation["locale"], variant: CalloutVariant): EditorTranslation {
  return {
    locale,
    title: variant.title,
    excerpt: variant.excerpt,
    intro: variant.intro,
    thanksTitle: variant.thanksTitle,
    thanksText: variant.thanksText,
    shareTitle: variant.shareTitle ?? "",
    shareDescription: variant.shareDescription ?? "",
    slideNavigation: variant.slideNavigation,
    componentText: variant.componentText,
  };
}

/** The editor's values for a new callout (null) or a loaded one (`with=form,variants,responseViewSchema`). */
export function editorValuesFrom(
  callout: Callout | null,
  texts: NewCalloutTexts,
  newSlideId: string,
): CalloutEditorValues {
  const variant: CalloutVariant = callout?.variants?.[DEFAULT_VARIANT] ?? {
    title: callout?.title ?? "",
    excerpt: callout?.excerpt ?? "",
    intro: callout?.intro ?? "",
    thanksTitle: callout ? (callout.thanksTitle ?? "") : texts.thanksTitle,
    thanksText: callout?.thanksText ?? "",
    thanksRedirect: callout?.thanksRedirect ?? null,
    shareTitle: callout?.shareTitle ?? null,
    shareDescription: callout?.shareDescription ?? null,
    slideNavigation: {},
    componentText: {},
  };
  const slides: EditorSlide[] = callout?.formSchema?.slides.map((slide) => ({
    id: slide.id,
    title: slide.title,
    components: slide.components,
    navigation: { ...ownTexts(variant.slideNavigation[slide.id]), nextSlideId: slide.navigation.nextSlideId ?? null },
  })) ?? [{ id: newSlideId, title: texts.slideTitle, components: [], navigation: { ...noTexts, nextSlideId: null } }];
  const view: ResponseViewSchema | null = callout?.responseViewSchema ?? null;
  const title = variant.title;
  const slug = callout?.slug ?? "";

  return {
    slides,
    intro: variant.intro,
    endScreen: variant.thanksRedirect ? "redirect" : "message",
    thanksTitle: variant.thanksTitle,
    thanksText: variant.thanksText,
    thanksRedirect: variant.thanksRedirect ?? "",
    title,
    excerpt: variant.excerpt,
    image: callout?.image ?? "",
    slugMode: !callout || slugFollowsTitle(slug, title) ? "auto" : "manual",
    slug,
    isShareCustom: Boolean(variant.shareTitle || variant.shareDescription),
    shareTitle: variant.shareTitle ?? "",
    shareDescription: variant.shareDescription ?? "",
    startMode: callout?.status === "scheduled" ? "scheduled" : "now",
    startDate: callout?.status === "scheduled" ? toLocalInput(callout.starts) : "",
    endMode: callout?.expires ? "scheduled" : "never",
    endDate: toLocalInput(callout?.expires),
    ...accessChoice(callout?.access ?? "member"),
    isVisible: !(callout?.hidden ?? false),
    captcha: callout?.captcha ?? "none",
    hasNewsletter: Boolean(callout?.newsletterSchema),
    newsletter: callout?.newsletterSchema ?? { title: "", text: "", optIn: "", groups: [] },
    responseMode: responseModeOf(callout ?? { allowMultiple: false, allowUpdate: false }),
    showResponses: view !== null,
    gallery: view?.gallery ?? false,
    hasMap: Boolean(view?.map),
    buckets: view?.buckets ?? DEFAULT_BUCKETS,
    titleProp: view?.titleProp ?? "",
    imageProp: view?.imageProp ?? "",
    map: mapSettingsFrom(view?.map),
    imageFilter: view?.imageFilter ?? "",
    links: view?.links ?? [],
    channels: callout?.channels ?? null,
    translations: Object.entries(callout?.variants ?? {}).flatMap(([name, texts]) =>
      name !== DEFAULT_VARIANT && isLocale(name) ? [translationFrom(name, texts)] : [],
    ),
  };
}

function defaultVariant(values: CalloutEditorValues): CalloutVariant {
  const isMessage = values.endScreen === "message";
  return {
    title: values.title.trim(),
    excerpt: values.excerpt,
    intro: values.intro,
    thanksTitle: isMessage ? values.thanksTitle : "",
    thanksText: isMessage ? values.thanksText : "",
    thanksRedirect: isMessage ? null : values.thanksRedirect.trim(),
    shareTitle: values.isShareCustom ? values.shareTitle : null,
    shareDescription: values.isShareCustom ? values.shareDescription : null,
    slideNavigation: Object.fromEntries(
      values.slides.map(({ id, navigation }) => [
        id,
        { prevText: navigation.prevText, nextText: navigation.nextText, submitText: navigation.submitText },
      ]),
    ),
    componentText: {},
  };
}

function translatedVariant(values: CalloutEditorValues, translation: EditorTranslation): CalloutVariant {
  const base = defaultVariant(values);
  const isMessage = values.endScreen === "message";
  return {
    ...base,
    title: translation.title,
    excerpt: translation.excerpt,
    intro: translation.intro,
    thanksTitle: isMessage ? translation.thanksTitle : "",
    thanksText: isMessage ? translation.thanksText : "",
    shareTitle: values.isShareCustom ? translation.shareTitle : null,
    shareDescription: values.isShareCustom ? translation.shareDescription : null,
    slideNavigation: Object.fromEntries(
      values.slides.map(({ id }) => [id, { ...noTexts, ...translation.slideNavigation[id] }]),
    ),
    componentText: Object.fromEntries(
      componentSources(values.slides).map((source) => [source, translation.componentText[source] ?? ""]),
    ),
  };
}

export function responseViewFrom(values: CalloutEditorValues): ResponseViewSchema | null {
  if (!values.showResponses) return null;
  return {
    buckets: values.buckets,
    titleProp: values.titleProp,
    imageProp: values.imageProp,
    imageFilter: values.imageFilter,
    links: values.links,
    gallery: values.gallery,
    map: values.hasMap ? mapFrom(values.map) : null,
  };
}

/** A slug that follows the title keeps its number ("title-2" of a copy) while the title stays. */
const autoSlug = (slug: string, title: string) => (slugFollowsTitle(slug, title) ? slug : slugify(title));

/** The callout as POST and PATCH take it, but for its dates. */
export function calloutPayload(values: CalloutEditorValues): CalloutPayload {
  return {
    slug: values.slugMode === "manual" ? values.slug.trim() : autoSlug(values.slug, values.title),
    image: values.image,
    ...responseModeFlags(values.responseMode),
    hidden: !values.isVisible,
    access: accessFrom(values.openTo, values.contactInfo),
    captcha: values.captcha,
    channels: values.channels,
    formSchema: {
      slides: values.slides.map((slide) => ({
        id: slide.id,
        title: slide.title,
        components: slide.components,
        navigation: { nextSlideId: slide.navigation.nextSlideId },
      })),
    },
    variants: {
      [DEFAULT_VARIANT]: defaultVariant(values),
      ...Object.fromEntries(
        values.translations.map((translation) => [translation.locale, translatedVariant(values, translation)]),
      ),
    },
    newsletterSchema: values.hasNewsletter ? values.newsletter : null,
    responseViewSchema: responseViewFrom(values),
  };
}

import type {
  CalloutAccess,
  CalloutCaptcha,
  CalloutChannel,
  CalloutStatus,
  NewsletterSchema,
} from "@cohort/common/callouts";
import type { FormComponent, SlideNavigation } from "@cohort/common/callout-form";
import type { Locale } from "@cohort/common/i18n";

/** A slide as the editor holds it: the navigation texts of the default language sit on the slide. */
export interface EditorSlide {
  id: string;
  title: string;
  components: FormComponent[];
  navigation: Required<Omit<SlideNavigation, "nextSlideId">> & { nextSlideId: string | null };
}

export interface SlideNavigationTexts {
  prevText: string;
  nextText: string;
  submitText: string;
}

/** The texts of one extra language; empty means "not translated yet". */
export interface EditorTranslation {
  locale: Locale;
  title: string;
  excerpt: string;
  intro: string;
  thanksTitle: string;
  thanksText: string;
  shareTitle: string;
  shareDescription: string;
  slideNavigation: Record<string, SlideNavigationTexts>;
  componentText: Record<string, string>;
}

export type OpenTo = "members" | "everyone";
/** How a visitor who is not a member answers: no contact info, required, or optional. */
export type ContactInfo = "none" | "required" | "optional";
export type ResponseMode = "multiple" | "single-editable" | "single-final";
export type StartMode = "now" | "scheduled";
export type EndMode = "never" | "scheduled";
export type EndScreen = "message" | "redirect";

export interface EditorMapSettings {
  style: string;
  /** "lng, lat" */
  center: string;
  /** "lng1, lat1, lng2, lat2" */
  bounds: string;
  minZoom: string;
  maxZoom: string;
  initialZoom: string;
  addressProp: string;
  addressPatternProp: string;
  addressPattern: string;
  geocodeCountries: string;
}

/** Everything the callout editor edits, shaped for its fields rather than for the wire. */
export interface CalloutEditorValues {
  // Content
  slides: EditorSlide[];
  intro: string;
  endScreen: EndScreen;
  thanksTitle: string;
  thanksText: string;
  thanksRedirect: string;
  // Title and image
  title: string;
  excerpt: string;
  image: string;
  slugMode: "auto" | "manual";
  slug: string;
  isShareCustom: boolean;
  shareTitle: string;
  shareDescription: string;
  // Settings
  startMode: StartMode;
  /** A `datetime-local` value in the browser's time zone. */
  startDate: string;
  endMode: EndMode;
  endDate: string;
  openTo: OpenTo;
  contactInfo: ContactInfo;
  isVisible: boolean;
  captcha: CalloutCaptcha;
  hasNewsletter: boolean;
  newsletter: NewsletterSchema;
  responseMode: ResponseMode;
  // Response display
  showResponses: boolean;
  gallery: boolean;
  hasMap: boolean;
  buckets: string[];
  titleProp: string;
  imageProp: string;
  map: EditorMapSettings;
  /** Kept as loaded; the editor has no fields for them. */
  imageFilter: string;
  links: { text: string; url: string }[];
  channels: CalloutChannel[] | null;
  // Translations
  translations: EditorTranslation[];
}

/** What an editor works on: a new callout or a saved one in some state. */
export interface EditorTarget {
  id: string | null;
  status: CalloutStatus | null;
  /** The saved start, kept for live callouts whose start the editor must not touch. */
  starts: string | null;
}

export const DEFAULT_BUCKETS = ["verified"];
export const knownBuckets = ["", "verified", "trash"] as const;

export const defaultMapSettings: EditorMapSettings = {
  style: "",
  center: "0, 0",
  bounds: "-180, -90, 180, 90",
  minZoom: "1",
  maxZoom: "18",
  initialZoom: "3",
  addressProp: "",
  addressPatternProp: "",
  addressPattern: "",
  geocodeCountries: "",
};

export function accessFrom(openTo: OpenTo, contactInfo: ContactInfo): CalloutAccess {
  if (openTo === "members") return "member";
  if (contactInfo === "none") return "only-anonymous";
  return contactInfo === "required" ? "guest" : "anonymous";
}

export function accessChoice(access: CalloutAccess): { openTo: OpenTo; contactInfo: ContactInfo } {
  switch (access) {
    case "member":
      return { openTo: "members", contactInfo: "optional" };
    case "only-anonymous":
      return { openTo: "everyone", contactInfo: "none" };
    case "guest":
      return { openTo: "everyone", contactInfo: "required" };
    case "anonymous":
      return { openTo: "everyone", contactInfo: "optional" };
  }
}

export function responseModeFlags(mode: ResponseMode): { allowMultiple: boolean; allowUpdate: boolean } {
  return { allowMultiple: mode === "multiple", allowUpdate: mode === "single-editable" };
}

export function responseModeOf(flags: { allowMultiple: boolean; allowUpdate: boolean }): ResponseMode {
  if (flags.allowMultiple) return "multiple";
  return flags.allowUpdate ? "single-editable" : "single-final";
}

export function emptyTranslation(locale: Locale): EditorTranslation {
  return {
    locale,
    title: "",
    excerpt: "",
    intro: "",
    thanksTitle: "",
    thanksText: "",
    shareTitle: "",
    shareDescription: "",
    slideNavigation: {},
    componentText: {},
  };
}

export const calloutStatuses = ["draft", "scheduled", "open", "ended"] as const;
export type CalloutStatus = (typeof calloutStatuses)[number];

/**
 * Who may answer: `member` needs an active membership; `guest` asks a visitor for
 * name and email; `anonymous` lets them stay anonymous or give them;
 * `only-anonymous` never links a response to a person.
 */
export const calloutAccesses = ["member", "guest", "anonymous", "only-anonymous"] as const;
export type CalloutAccess = (typeof calloutAccesses)[number];

/** Captcha for nobody, for visitors who are not logged in, or for everyone. */
export const calloutCaptchas = ["none", "guest", "all"] as const;
export type CalloutCaptcha = (typeof calloutCaptchas)[number];

export const calloutChannels = ["telegram"] as const;
export type CalloutChannel = (typeof calloutChannels)[number];

export const calloutSortFields = ["title", "starts", "expires"] as const;
export const calloutWithOptions = [
  "form",
  "responseCount",
  "hasAnswered",
  "responseViewSchema",
  "variantNames",
  "variants",
] as const;
export type CalloutWith = (typeof calloutWithOptions)[number];

export const calloutResponseSortFields = ["number", "createdAt", "updatedAt"] as const;
export const calloutResponseWithOptions = [
  "answers",
  "contact",
  "assignee",
  "callout",
  "latestComment",
  "tags",
] as const;
export type CalloutResponseWith = (typeof calloutResponseWithOptions)[number];

/** Buckets the admin inbox knows; `""` is the inbox, where a new response lands. */
export const responseBuckets = ["", "verified", "trash"] as const;
export const MAX_BUCKET_LENGTH = 100;
export const TAG_NAME_MAX_LENGTH = 100;
export const TAG_DESCRIPTION_MAX_LENGTH = 1000;
export const COMMENT_MAX_LENGTH = 20_000;

/** Why a response was refused: the `subCode` of `invalid-callout-response`. */
export const responseRefusals = [
  "logged-in-guest-fields",
  "guest-fields-missing",
  "only-anonymous",
  "expired-user",
  "closed",
  "cant-update",
  "invalid-answers",
] as const;
export type ResponseRefusal = (typeof responseRefusals)[number];

/** Web page a guest's confirmation link opens: `<path>/<token>`. */
export const GUEST_RESPONSE_CONFIRM_PATH = "/confirm-response";

/** The variant every callout must have; others are named by locale. */
export const DEFAULT_VARIANT = "default";

/**
 * The variant of a callout a reader in `locale` gets: the locale's own; for a variety of a
 * language (`de@informal`, `de@easy`), else the plain language's; else the default one.
 */
export function variantForLocale(variantNames: readonly string[] | null | undefined, locale: string): string {
  const names = variantNames ?? [];
  if (names.includes(locale)) return locale;
  const language = locale.split("@")[0] ?? "";
  return language !== locale && names.includes(language) ? language : DEFAULT_VARIANT;
}
export const SLUG_MAX_LENGTH = 120;
export const CALLOUT_TITLE_MAX_LENGTH = 300;
export const CALLOUT_TEXT_MAX_LENGTH = 100_000;
export const SHARE_DESCRIPTION_MAX_LENGTH = 200;
/** The map feed returns at most this many responses (as the reference does). */
export const MAP_RESPONSE_LIMIT = 2200;
export const MAX_SLIDES = 50;
/** The longest id a slide may have (a funnel report names a slide by it). */
export const SLIDE_ID_MAX_LENGTH = 100;
export const MAX_COMPONENTS_PER_SLIDE = 200;
/** How deep panels, wells and tabs may nest within a slide (a component at the top is depth 1). */
export const MAX_COMPONENT_DEPTH = 8;
/** A whole answers object, as JSON, may not exceed this. */
export const MAX_ANSWERS_BYTES = 1_000_000;

/** Uploads (spec section 9). */
export const UPLOAD_MAX_BYTES = 20_971_520;
/** An upload token is good for one file within this many milliseconds. */
export const UPLOAD_TOKEN_TTL_MS = 60_000;

/**
 * Where an answer or a join came from (decision 074): the campaign fields a
 * link may carry. No zod here: the public callout and join pages read links
 * with these rules (decision 008).
 */
export const attributionFields = ["utmSource", "utmMedium", "utmCampaign", "ref"] as const;
export type AttributionField = (typeof attributionFields)[number];

/** What the server keeps: each field is absent (never empty) or a short printable text. */
export type Attribution = Partial<Record<AttributionField, string>>;

/** The query parameter of a link that carries each field. */
export const attributionParams: Record<AttributionField, string> = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  ref: "ref",
};

/** Longest value kept, in UTF-16 code units (what a string's `length` counts, as zod's `max` does). */
export const ATTRIBUTION_MAX_LENGTH = 100;

/** Control and format characters (NUL, line breaks, bidirectional marks …) are not printable. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u;

/** Whether a (trimmed) value may be kept: one to `ATTRIBUTION_MAX_LENGTH` printable characters. */
export function isAttributionValue(value: string): boolean {
  return value.length > 0 && value.length <= ATTRIBUTION_MAX_LENGTH && !UNPRINTABLE.test(value);
}

/**
 * The fields a link's query carries, trimmed; a missing, empty or unfit
 * value is left out, so a mangled link never stops an answer or a join.
 * Undefined when none is left.
 */
export function attributionFromQuery(params: { get(name: string): string | null }): Attribution | undefined {
  const found: Attribution = {};
  for (const field of attributionFields) {
    const value = params.get(attributionParams[field])?.trim();
    if (value !== undefined && isAttributionValue(value)) found[field] = value;
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/** The fields that hold a value, as the API shows them; undefined when none does. */
export function keptAttribution(values: Record<AttributionField, string | null | undefined>): Attribution | undefined {
  const kept: Attribution = {};
  for (const field of attributionFields) {
    const value = values[field];
    if (value) kept[field] = value;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

import type { AddressAnswer, CalloutAnswers } from "@cohort/common/callout-form";
import type { CalloutMap } from "@cohort/common/callouts";
import type { GeocodeFeature } from "@cohort/common/geocoding";

/**
 * The answer a click on the map gives the callout's address component, and the
 * text its address-pattern component receives (reference section 15.7).
 */

/** What an address answer keeps of each place found at the point. */
export interface AddressFeature {
  text: string;
  types: string[];
}

/** Written where the geocoder found nothing to say. */
export const UNKNOWN_ADDRESS = "???";

/** The places at the point, most precise first, with an address's house number as its own `street_number`. */
export function addressFeatures(features: readonly GeocodeFeature[]): AddressFeature[] {
  return features.flatMap((feature) => {
    const own = { text: feature.text, types: [...feature.placeType] };
    return feature.houseNumber ? [own, { text: feature.houseNumber, types: ["street_number"] }] : [own];
  });
}

/**
 * The address answer for a point: the most precise place's full name (or
 * `???` when there is none, e.g. without a geocoder), the point itself (not
 * the place's centre) and the places found there.
 */
export function addressAnswer(point: { lng: number; lat: number }, features: readonly GeocodeFeature[]): AddressAnswer {
  const placeName = features[0]?.placeName.trim();
  return {
    formatted_address: placeName || UNKNOWN_ADDRESS,
    geometry: { location: { lat: point.lat, lng: point.lng } },
    features: addressFeatures(features),
  };
}

function textOfType(features: readonly AddressFeature[], type: string): string | undefined {
  const found = features.find((feature) => feature.types.includes(type) && feature.text.trim() !== "");
  return found?.text;
}

/**
 * Fills an address pattern: each `{type}` becomes the text of the first place
 * of that type; `{a|b}` tries `a`, then `b`; a placeholder nothing matches
 * becomes `???`. Text outside braces is kept as written.
 */
export function fillAddressPattern(pattern: string, features: readonly AddressFeature[]): string {
  return pattern.replace(/\{([^{}]*)\}/g, (_placeholder, body: string) => {
    for (const type of body.split("|")) {
      const text = textOfType(features, type.trim());
      if (text !== undefined) return text;
    }
    return UNKNOWN_ADDRESS;
  });
}

function setAnswer(answers: CalloutAnswers, fullKey: string, value: AddressAnswer | string): void {
  const dot = fullKey.indexOf(".");
  if (dot <= 0 || dot === fullKey.length - 1) return;
  const slideId = fullKey.slice(0, dot);
  answers[slideId] = { ...answers[slideId], [fullKey.slice(dot + 1)]: value };
}

/**
 * The answers a new response starts from when placed on the map: the address
 * at `addressProp` and, when the callout names one, the filled pattern at
 * `addressPatternProp` (both full keys, `slideId.componentKey`).
 */
export function locationAnswers(
  map: Pick<CalloutMap, "addressProp" | "addressPattern" | "addressPatternProp">,
  point: { lng: number; lat: number },
  features: readonly GeocodeFeature[],
): CalloutAnswers {
  const answers: CalloutAnswers = {};
  setAnswer(answers, map.addressProp, addressAnswer(point, features));
  if (map.addressPatternProp) {
    setAnswer(answers, map.addressPatternProp, fillAddressPattern(map.addressPattern, addressFeatures(features)));
  }
  return answers;
}
